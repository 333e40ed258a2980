package io.cerulean.app;

import io.cerulean.blob.service.BlobOptions;
import io.cerulean.blob.service.CopySettings;
import io.cerulean.http.auth.Account;
import io.cerulean.http.auth.Accounts;
import io.cerulean.http.faults.FaultRule;
import io.cerulean.http.faults.Faults;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.reset.ResetGrant;
import io.cerulean.http.server.HttpServer;
import io.cerulean.http.server.ConnectionLimits;
import io.cerulean.http.server.ServerConfig;
import io.cerulean.http.tls.SelfSignedCertificate;
import io.cerulean.http.throttle.ScalabilityTargets;
import io.cerulean.http.tls.TlsConfig;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.app.control.ControlSocket;
import io.cerulean.storage.database.Database;
import io.cerulean.store.cassandra.CassandraStoreConfig;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import io.cerulean.table.advisor.AdvisorSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A running Cerulean: a store, the Table, Queue and Blob services on it, each on its own port. This is
 * the in-process API as well as what {@code cerulean serve} runs:
 *
 * <pre>{@code
 * try (Cerulean cerulean = Cerulean.builder().inMemory().port(0).start()) {
 *     TableServiceClient tables = new TableServiceClientBuilder()
 *             .connectionString(cerulean.connectionString()).buildClient();
 *     QueueServiceClient queues = new QueueServiceClientBuilder()
 *             .connectionString(cerulean.connectionString()).buildClient();
 * }
 * }</pre>
 *
 * With {@link Builder#tls()} each port serves HTTPS as well; {@link #certificateFile()} is
 * the certificate a client must trust.
 */
public final class Cerulean implements AutoCloseable {
    /** The storage services a Cerulean can serve, each on its own port. */
    public enum Service {
        TABLE("TableEndpoint"), QUEUE("QueueEndpoint"), BLOB("BlobEndpoint");

        private final String connectionStringKey;

        Service(String connectionStringKey) {
            this.connectionStringKey = connectionStringKey;
        }

        /** The key that names this service's endpoint in a connection string ({@code TableEndpoint}). */
        public String connectionStringKey() {
            return connectionStringKey;
        }
    }

    private final Database database;
    private final Map<Service, HttpServer> servers;
    private final Accounts accounts;
    private final TlsConfig tls;
    private final Path temporaryTlsDir;
    private final ExecutorService scanHelper;
    private final List<ServiceAssembly.Assembled> assembled; // the served services
    private final RequestLog requestLog;
    private final AnalyticsAssembly analytics;
    private final ControlSocket control; // null without a data directory, or when it cannot be made
    private final MetricsServing metrics;
    private final Health health;

    Cerulean(Database database, ExecutorService scanHelper, List<ServiceAssembly.Assembled> assembled,
                     Map<Service, HttpServer> servers, Accounts accounts, TlsConfig tls, Path temporaryTlsDir,
                     RequestLog requestLog, AnalyticsAssembly analytics, ControlSocket control,
                     MetricsServing metrics, Health health) {
        this.database = database;
        this.metrics = metrics;
        this.health = health;
        this.control = control;
        this.analytics = analytics;
        this.assembled = assembled;
        this.requestLog = requestLog;
        this.scanHelper = scanHelper;
        this.servers = servers;
        this.accounts = accounts;
        this.tls = tls;
        this.temporaryTlsDir = temporaryTlsDir;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The services this Cerulean serves. */
    public Set<Service> services() {
        return EnumSet.copyOf(servers.keySet());
    }

    /** The Table service's port. @throws IllegalStateException when it is not served */
    public int port() {
        return port(Service.TABLE);
    }

    /** The Queue service's port. @throws IllegalStateException when it is not served */
    public int queuePort() {
        return port(Service.QUEUE);
    }

    /** The Blob service's port. @throws IllegalStateException when it is not served */
    public int blobPort() {
        return port(Service.BLOB);
    }

    /** A service's port. @throws IllegalStateException when it is not served */
    public int port(Service service) {
        return server(service).port();
    }

    /**
     * The port that serves {@code /$metrics} alone ({@link Builder#metricsPort}).
     *
     * @throws IllegalStateException when none was asked for
     */
    public int metricsPort() {
        return metrics.port();
    }

    private HttpServer server(Service service) {
        HttpServer server = servers.get(service);
        if (server == null) {
            throw new IllegalStateException("this Cerulean does not serve the " + service + " service; it serves "
                    + servers.keySet());
        }
        return server;
    }

    /** The Table endpoint of an account, e.g. {@code http://127.0.0.1:10002/devstoreaccount1}. */
    public String endpoint(String account) {
        return endpoint(Service.TABLE, account);
    }

    /** The Queue endpoint of an account, e.g. {@code http://127.0.0.1:10001/devstoreaccount1}. */
    public String queueEndpoint(String account) {
        return endpoint(Service.QUEUE, account);
    }

    /** The Blob endpoint of an account, e.g. {@code http://127.0.0.1:10000/devstoreaccount1}. */
    public String blobEndpoint(String account) {
        return endpoint(Service.BLOB, account);
    }

    /** A service's endpoint for an account, e.g. {@code http://127.0.0.1:10001/devstoreaccount1}. */
    public String endpoint(Service service, String account) {
        return "http://" + hostForUrls() + ":" + port(service) + "/" + account;
    }

    /**
     * The HTTPS Table endpoint of an account, e.g. {@code https://127.0.0.1:10002/devstoreaccount1}:
     * the same port as {@link #endpoint(String)}.
     *
     * @throws IllegalStateException when this server was started without TLS
     */
    public String secureEndpoint(String account) {
        if (tls == null) {
            throw new IllegalStateException("this Cerulean serves plain HTTP only; start it with tls()");
        }
        return secureEndpoint(Service.TABLE, account);
    }

    /**
     * A service's HTTPS endpoint for an account: the same port as its HTTP one.
     *
     * @throws IllegalStateException when this server was started without TLS
     */
    public String secureEndpoint(Service service, String account) {
        if (tls == null) {
            throw new IllegalStateException("this Cerulean serves plain HTTP only; start it with tls()");
        }
        return "https://" + hostForUrls() + ":" + port(service) + "/" + account;
    }

    /** The PEM certificate the server shows over HTTPS, for clients to trust; empty without TLS. */
    public Optional<Path> certificateFile() {
        return Optional.ofNullable(tls).map(TlsConfig::certificateFile);
    }

    /** A connection string for the development account (or the first configured one), with every service's endpoint. */
    public String connectionString() {
        return connectionString("http");
    }

    /**
     * A connection string over HTTPS for the development account (or the first configured one).
     *
     * @throws IllegalStateException when this server was started without TLS
     */
    public String secureConnectionString() {
        if (tls == null) {
            throw new IllegalStateException("this Cerulean serves plain HTTP only; start it with tls()");
        }
        return connectionString("https");
    }

    private String connectionString(String protocol) {
        Account account = developmentAccount();
        StringBuilder connection = new StringBuilder("DefaultEndpointsProtocol=").append(protocol)
                .append(";AccountName=").append(account.name()).append(";AccountKey=")
                .append(java.util.Base64.getEncoder().encodeToString(account.keys().get(0))).append(';');
        for (Service service : servers.keySet()) {
            connection.append(service.connectionStringKey()).append('=').append(protocol).append("://")
                    .append(hostForUrls()).append(':').append(port(service)).append('/').append(account.name())
                    .append(';');
        }
        return connection.toString();
    }

    private Account developmentAccount() {
        return accounts.find(Account.DEVELOPMENT_NAME).orElse(accounts.all().get(0));
    }

    private String hostForUrls() {
        String host = servers.values().iterator().next().host();
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0") ? "127.0.0.1" : host;
    }

    /**
     * Whether the server is ready as {@code GET /$health/ready} answers: it serves, and its store
     * took a write, read it back and made it durable within the bound (2 s), now or within the last
     * second. Waits at most the bound.
     */
    public boolean ready() {
        return health.readiness().check().join().ready();
    }

    /**
     * Stops serving, then closes the store (unless it was passed in: {@link Builder#store}); every
     * acknowledged write is already durable. The request log is written out and closed too.
     */
    @Override
    public void close() {
        health.readiness().closing(); // balancers stop sending requests while the running ones finish
        if (control != null) {
            control.close(); // cancels a backup under way, before the store it reads closes
        }
        try {
            RuntimeException failure = null;
            for (HttpServer server : servers.values()) {
                try {
                    server.close();
                } catch (RuntimeException e) {
                    failure = failure == null ? e : failure;
                }
            }
            requestLog.close();
            try {
                metrics.close();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
            if (failure != null) {
                throw failure;
            }
        } finally {
            analytics.close(); // writes what it holds through the services, before they close
            // No query is running once the server is closed, so the scan helper is idle or about
            // to be: its cursor must be closed before the store is.
            scanHelper.shutdown();
            awaitTermination(scanHelper);
            try {
                closeServices(assembled);
                health.close();
                database.close();
            } finally {
                deleteTemporaryTlsDir(temporaryTlsDir);
            }
        }
    }

    /** Stops each service's sweep, then what the service runs itself; the database stays open. */
    static void closeServices(List<ServiceAssembly.Assembled> assembled) {
        for (ServiceAssembly.Assembled service : assembled) {
            service.sweeper().ifPresent(Sweeper::close);
            try {
                service.service().close();
            } catch (Exception e) {
                throw new IllegalStateException("a service did not close: " + e.getMessage(), e);
            }
        }
    }

    private static void awaitTermination(ExecutorService executor) {
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** An in-memory server's certificate lives as long as the server; its key must not outlive it on disk. */
    static void deleteTemporaryTlsDir(Path dir) {
        if (dir == null) {
            return;
        }
        try {
            Files.deleteIfExists(dir.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE));
            Files.deleteIfExists(dir.resolve(SelfSignedCertificate.CERTIFICATE_FILE));
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the temporary certificate directory " + dir, e);
        }
    }

    /** How to start a Cerulean; defaults are those of {@code cerulean serve}. */
    public static final class Builder {
        /** A terabyte: more than any machine this runs on, and far from overflowing a count of bytes. */
        private static final long MAX_CACHE_MEGABYTES = 1L << 20;
        private static final int MAX_WORKER_THREADS = 1024;
        private String host = "127.0.0.1";
        /** The Queue service's port when none is set and the Table service's is not 0: Azurite's. */
        public static final int DEFAULT_QUEUE_PORT = 10001;
        /** The Blob service's port when none is set and the Table service's is not 0: Azurite's. */
        public static final int DEFAULT_BLOB_PORT = 10000;
        private int port = ServerConfig.DEFAULT_PORT;
        private Integer queuePort;
        private Integer blobPort;
        private Set<Service> services = EnumSet.allOf(Service.class);
        private Clock queueClock = Clock.systemUTC();
        private Duration queueSweepEvery = Sweeper.QUEUE_EVERY;
        private Duration blobSweepEvery = Sweeper.BLOB_EVERY;
        private Clock blobClock = Clock.systemUTC();
        private BlobOptions blobOptions = BlobOptions.DEFAULTS;
        private Path dataDir = Path.of("cerulean-data");
        private boolean inMemory;
        private KeyValueStore sharedStore;
        private CassandraStoreConfig cassandra;
        private Clock timestampClock = Clock.systemUTC();
        private final Map<String, Account> accounts = new LinkedHashMap<>();
        private Duration pageBudget = Duration.ofSeconds(5);
        private long cacheBytes = RocksDbKeyValueStore.DEFAULT_CACHE_BYTES;
        private int workerThreads = defaultWorkerThreads();
        private boolean selfSignedTls;
        private TlsConfig tls;
        private OAuthConfig oauth = OAuthConfig.none();
        private RequestLog requestLog = RequestLog.OFF;
        private ConnectionLimits connectionLimits = ConnectionLimits.defaults();
        private AdvisorSettings advisor = AdvisorSettings.DEFAULTS;
        private ScalabilityTargets scalabilityTargets; // null: none enforced
        private AnalyticsAssembly.Settings analyticsSettings = AnalyticsAssembly.Settings.DEFAULTS;
        private Faults faults = Faults.none();
        private boolean console = true;
        private MetricsServing.Settings metrics = MetricsServing.Settings.DEFAULTS;
        private ResetGrant allowReset = ResetGrant.OFF;

        private Builder() {
            accounts.put(Account.DEVELOPMENT_NAME, Account.development());
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** The Table service's port; 0 picks a free one (see {@link Cerulean#port()}). */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /**
         * The Queue service's port; 0 picks a free one (see {@link Cerulean#queuePort()}). When not
         * set: {@value #DEFAULT_QUEUE_PORT}, or a free one when {@link #port(int)} is 0, so that a
         * server started on free ports takes no fixed one.
         */
        public Builder queuePort(int queuePort) {
            this.queuePort = queuePort;
            return this;
        }

        /**
         * The Blob service's port; 0 picks a free one (see {@link Cerulean#blobPort()}). When not
         * set: {@link #DEFAULT_BLOB_PORT}, or a free one if {@link #port(int)} is 0.
         */
        public Builder blobPort(int blobPort) {
            this.blobPort = blobPort;
            return this;
        }

        /**
         * How long after one sweep for blocks staged and never committed the next begins (an hour by
         * default): a blob's staged blocks are discarded a week after its last Put Block.
         */
        public Builder blobSweepEvery(Duration every) {
            if (every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("a sweep interval is positive: " + every);
            }
            this.blobSweepEvery = every;
            return this;
        }

        /**
         * How long an archived blob takes to be rehydrated to an online tier, at either priority
         * ({@link BlobOptions#DEFAULT_REHYDRATION_DELAY} by default; Azure takes hours).
         */
        public Builder blobRehydrationDelay(Duration delay) {
            this.blobOptions = blobOptions.withRehydrationDelay(delay);
            return this;
        }

        /**
         * Keep blob versions in every account ({@code --blob-versioning}): Azure turns versioning on
         * for an account outside the data plane, so here it is the server's setting.
         */
        public Builder blobVersioning() {
            this.blobOptions = blobOptions.withVersioning(account -> true);
            return this;
        }

        /** Keep blob versions in these accounts only. */
        public Builder blobVersioning(String... accounts) {
            java.util.Set<String> names = java.util.Set.of(accounts);
            this.blobOptions = blobOptions.withVersioning(names::contains);
            return this;
        }

        /** The clock the Blob service's times come from: Last-Modified, leases, when staged blocks expire. */
        public Builder blobClock(Clock clock) {
            this.blobClock = java.util.Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** How the Blob service copies: which Copy Blob runs in the background, its chunks, remote reads' bounds. */
        public Builder blobCopies(CopySettings copies) {
            this.blobOptions = blobOptions.withCopies(copies);
            return this;
        }

        /**
         * How long after one sweep for expired queue messages the next begins (30 s by default): the
         * sweep removes them from queues no one reads, where Get Messages would not meet them.
         */
        public Builder queueSweepEvery(Duration every) {
            if (every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("the sweep interval must be positive: " + every);
            }
            this.queueSweepEvery = every;
            return this;
        }

        /** The services to serve (all of them by default); at least one. */
        public Builder services(Set<Service> services) {
            if (services.isEmpty()) {
                throw new IllegalArgumentException("at least one service must be served");
            }
            this.services = EnumSet.copyOf(services);
            return this;
        }

        /**
         * The clock the Queue service's times come from: when a message becomes visible, when it
         * expires (the system's by default). A test can move it on rather than wait.
         */
        public Builder queueClock(Clock clock) {
            this.queueClock = java.util.Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Keep data in RocksDB under this directory (the default: {@code ./cerulean-data}). */
        public Builder dataDir(Path dataDir) {
            this.dataDir = dataDir;
            this.inMemory = false;
            this.sharedStore = null;
            this.cassandra = null;
            return this;
        }

        /** Keep data in memory only: nothing survives {@link Cerulean#close()}. */
        public Builder inMemory() {
            this.inMemory = true;
            this.sharedStore = null;
            this.cassandra = null;
            return this;
        }

        /**
         * Keep data in an Apache Cassandra cluster, which any number of servers can share: the server
         * holds no state of its own, and reads what the catalogue says at every request.
         */
        public Builder cassandra(CassandraStoreConfig cassandra) {
            this.cassandra = java.util.Objects.requireNonNull(cassandra, "cassandra");
            this.inMemory = false;
            this.sharedStore = null;
            return this;
        }

        /**
         * Keep data in {@code store}, which the caller opened and closes: servers started on one store
         * share everything, tables, entities, ACLs and service properties, as servers sharing one
         * Cassandra cluster do, and are interchangeable. {@link Cerulean#close()} leaves it open.
         */
        public Builder store(KeyValueStore store) {
            this.sharedStore = java.util.Objects.requireNonNull(store, "store");
            this.inMemory = false;
            this.cassandra = null;
            return this;
        }

        /**
         * The wall clock entity Timestamps start from (the system's by default). Servers sharing a
         * store each have their own, as machines do, never quite in step; a test can set them apart,
         * or in step, to show that an entity's ETags never repeat either way.
         */
        public Builder timestampClock(Clock clock) {
            this.timestampClock = java.util.Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Serves an account besides devstoreaccount1 (or replaces its keys, if so named). */
        public Builder account(Account account) {
            accounts.put(account.name(), account);
            return this;
        }

        /**
         * How the Table service's design advisor judges its traffic ({@link AdvisorSettings#DEFAULTS}:
         * on, with Azure's targets); {@link AdvisorSettings#OFF} turns it off, lower thresholds let
         * tests and small examples see its findings ({@code GET /<account>/$advisor}).
         */
        public Builder advisor(AdvisorSettings settings) {
            this.advisor = java.util.Objects.requireNonNull(settings, "settings");
            return this;
        }

        /** How long one query page may read before it returns with a continuation (5 s, as Azure). */
        public Builder pageBudget(Duration pageBudget) {
            this.pageBudget = pageBudget;
            return this;
        }

        /**
         * RocksDB's memory, block cache and memtables together (96 MB by default, at least 16 MB):
         * more keeps more of a large store's blocks in memory, less keeps the process small.
         */
        public Builder cacheMegabytes(long megabytes) {
            if (megabytes < RocksDbKeyValueStore.MIN_CACHE_BYTES >> 20) {
                throw new IllegalArgumentException("the cache must be at least "
                        + (RocksDbKeyValueStore.MIN_CACHE_BYTES >> 20) + " MB: " + megabytes);
            }
            if (megabytes > MAX_CACHE_MEGABYTES) {
                throw new IllegalArgumentException("the cache must be at most " + MAX_CACHE_MEGABYTES + " MB: "
                        + megabytes);
            }
            this.cacheBytes = megabytes << 20;
            return this;
        }

        /**
         * Threads for the requests that do not run on the event loop (all but point reads); 1 to
         * {@value #MAX_WORKER_THREADS}.
         */
        public Builder workerThreads(int workerThreads) {
            if (workerThreads < 1 || workerThreads > MAX_WORKER_THREADS) {
                throw new IllegalArgumentException("must be between 1 and " + MAX_WORKER_THREADS + ", not " + workerThreads);
            }
            this.workerThreads = workerThreads;
            return this;
        }

        /**
         * Four per processor, at least 8. Requests are CPU work (a durable write no longer holds its
         * thread through the sync), so threads beyond that only take turns on the cores, and each
         * running request keeps its body and entities alive for the young collections to copy.
         * On two cores, 8 threads instead of 32 halved the collection time of 16 concurrent
         * batch writers (0.21-0.26 s against 0.50-0.52 s per 200,000 entities) and took 40-60 MB
         * off RSS; 4 threads cut it further but made single-entity writes slower, since RocksDB
         * groups the writes of concurrent threads into one log write.
         */
        static int defaultWorkerThreads() {
            return Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
        }

        /**
         * Serve HTTPS as well as HTTP, on the same port, with a self-signed certificate for
         * localhost: generated on the first start into {@code <data-dir>/tls} and kept there, so
         * that clients trust it once; in memory, a new one in a temporary directory that
         * {@link Cerulean#close()} removes.
         */
        public Builder tls() {
            this.selfSignedTls = true;
            this.tls = null;
            return this;
        }

        /** Serve HTTPS as well as HTTP, on the same port, with this PEM certificate (chain) and private key. */
        public Builder tls(Path certificateFile, Path privateKeyFile) {
            this.tls = new TlsConfig(certificateFile, privateKeyFile);
            this.selfSignedTls = false;
            return this;
        }

        /** Timeouts, the connection cap and the budget of buffered body bytes; {@link ConnectionLimits#defaults()} if not set. */
        public Builder connectionLimits(ConnectionLimits limits) {
            this.connectionLimits = java.util.Objects.requireNonNull(limits, "limits");
            return this;
        }

        /**
         * How bearer tokens (Microsoft Entra ID) are trusted; by default they are refused. Tokens are
         * only accepted over HTTPS, so this goes with {@link #tls()}.
         */
        public Builder oauth(OAuthConfig oauth) {
            this.oauth = java.util.Objects.requireNonNull(oauth, "oauth");
            return this;
        }

        /**
         * Records every answered request, one line each: {@link RequestLog#stdout} or
         * {@link RequestLog#file}, in the Common Log Format or as JSON lines; {@link RequestLog#OFF}
         * by default. {@link Cerulean#close()} closes it.
         */
        public Builder requestLog(RequestLog requestLog) {
            this.requestLog = java.util.Objects.requireNonNull(requestLog, "requestLog");
            return this;
        }

        /**
         * Holds every request to Azure's scalability targets, as a standard storage account does
         * ({@link ScalabilityTargets#azure()}, or lowered or raised with
         * {@link ScalabilityTargets#with}): past one, 503 ServerBusy with Azure's message, and
         * nothing runs. None are enforced by default. See docs/scalability-targets.md.
         */
        public Builder scalabilityTargets(ScalabilityTargets targets) {
            this.scalabilityTargets = java.util.Objects.requireNonNull(targets, "targets");
            return this;
        }

        /**
         * How often Storage Analytics writes what it counted (at least once a minute by default; log
         * lines wait at most 5 s) and sweeps what is past its retention (hourly), and the clock that
         * retention is judged by (the system's). A test can write at once and move the clock on.
         */
        public Builder storageAnalytics(Duration flushEvery, Duration sweepEvery, Clock retentionClock) {
            this.analyticsSettings = new AnalyticsAssembly.Settings(flushEvery, sweepEvery, retentionClock);
            return this;
        }

        /**
         * Inject transient faults by these rules ({@link FaultRule}; none by default), for testing retry
         * policies; each service's {@code /{account}/$faults} changes them at run time. See docs/faults.md.
         */
        public Builder faults(List<FaultRule> rules) {
            this.faults = new Faults(rules);
            return this;
        }

        /**
         * Whether every service's port serves the web console at {@code /$console} (on by default;
         * see docs/console.md).
         */
        public Builder console(boolean console) {
            this.console = console;
            return this;
        }

        /**
         * Serves {@code /$metrics} alone on this port too (0 picks a free one: {@link Cerulean#metricsPort()}),
         * with the services' host and TLS; see docs/operations.md.
         */
        public Builder metricsPort(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("the metrics port must be between 0 and 65535, not " + port);
            }
            this.metrics = new MetricsServing.Settings(port, metrics.onServicePorts());
            return this;
        }

        /** Whether every service's port serves {@code /$metrics} too (on by default). */
        public Builder metricsOnServicePorts(boolean served) {
            this.metrics = new MetricsServing.Settings(metrics.port(), served);
            return this;
        }

        /**
         * What {@code POST /{account}/$reset} may wipe: nothing ({@link ResetGrant#OFF}, the default),
         * the data of the account whose key signs it ({@link ResetGrant#ACCOUNT}), or also every
         * account's ({@link ResetGrant#ALL}). For test suites that share one server; see docs/operations.md.
         */
        public Builder allowReset(ResetGrant allowReset) {
            this.allowReset = java.util.Objects.requireNonNull(allowReset, "allowReset");
            return this;
        }

        /**
         * Opens the store, then starts serving.
         *
         * @throws io.cerulean.http.server.PortInUseException when the port is taken
         * @throws IllegalArgumentException for a bad setting, including an unusable TLS certificate or key,
         *         OAuth keys or roles that cannot be read
         * @throws io.cerulean.storage.StoreUnavailableException when the store cannot be reached (a
         *         Cassandra cluster none of whose contact points answers)
         */
        public Cerulean start() {
            return Startup.start(settings());
        }

        /** What this builder settled, as one value. */
        private StartSettings settings() {
            DatabaseConfig.Kind kind = sharedStore != null ? DatabaseConfig.Kind.SHARED
                    : cassandra != null ? DatabaseConfig.Kind.CASSANDRA
                    : inMemory ? DatabaseConfig.Kind.MEMORY : DatabaseConfig.Kind.ROCKSDB;
            return new StartSettings(host, port, queuePort, blobPort, EnumSet.copyOf(services), workerThreads, tls,
                    selfSignedTls, connectionLimits, new DatabaseConfig(kind, dataDir, cacheBytes, sharedStore, cassandra),
                    List.copyOf(accounts.values()), oauth, timestampClock, pageBudget, queueClock, queueSweepEvery,
                    blobClock, blobSweepEvery, blobOptions, advisor, scalabilityTargets, analyticsSettings, requestLog,
                    faults, console, metrics, allowReset);
        }

        List<Account> accounts() {
            return List.copyOf(accounts.values());
        }
    }
}
