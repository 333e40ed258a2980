package io.cerulean.app;

import io.cerulean.http.faults.FaultRulesJson;
import io.cerulean.http.server.PortInUseException;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.store.cassandra.CassandraStoreConfig;
import io.cerulean.store.rocksdb.StoreOpenException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code cerulean serve}: runs the Table, Queue and Blob services until SIGTERM or Ctrl-C. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve the Azure Table, Queue and Blob Storage REST APIs.")
final class ServeCommand implements Callable<Integer> {
    static final int EXIT_PORT_IN_USE = 2;
    static final int EXIT_STORE_UNUSABLE = 3;
    static final int EXIT_BAD_CONFIG = 4;
    /** The store could not be reached at start (a Cassandra cluster none of whose contact points answers). */
    static final int EXIT_STORE_UNREACHABLE = 5;

    private static final Logger log = LoggerFactory.getLogger(ServeCommand.class);

    @Option(names = "--host", defaultValue = "${env:CERULEAN_HOST:-127.0.0.1}",
            description = "Address to listen on (env CERULEAN_HOST; default ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = "${env:CERULEAN_PORT:-10002}",
            description = "The Table service's port, 0 for any free one (env CERULEAN_PORT; default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--queue-port", defaultValue = "${env:CERULEAN_QUEUE_PORT}",
            description = "The Queue service's port, 0 for any free one (env CERULEAN_QUEUE_PORT; default 10001, "
                    + "or a free one when --port is 0).")
    Integer queuePort;

    @Option(names = "--blob-port", defaultValue = "${env:CERULEAN_BLOB_PORT}",
            description = "The Blob service's port, 0 for any free one (env CERULEAN_BLOB_PORT; default 10000, "
                    + "or a free one when --port is 0).")
    Integer blobPort;

    @Option(names = "--services", paramLabel = "table,queue,blob", split = ",",
            defaultValue = "${env:CERULEAN_SERVICES:-table,queue,blob}",
            description = "The services to serve (env CERULEAN_SERVICES; default ${DEFAULT-VALUE}).")
    List<String> services;

    @Option(names = "--data-dir", defaultValue = "${env:CERULEAN_DATA_DIR:-cerulean-data}",
            description = "Where RocksDB keeps the data (env CERULEAN_DATA_DIR; default ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--page-budget-ms", defaultValue = "${env:CERULEAN_PAGE_BUDGET_MS:-5000}",
            description = "How long one query page may read before it returns what it has with a continuation "
                    + "(env CERULEAN_PAGE_BUDGET_MS; default ${DEFAULT-VALUE}, as Azure).")
    long pageBudgetMs;

    @Option(names = "--blob-rehydration-delay-ms", paramLabel = "MS",
            defaultValue = "${env:CERULEAN_BLOB_REHYDRATION_DELAY_MS:-5000}",
            description = "How long an archived blob takes to be rehydrated to an online tier (env "
                    + "CERULEAN_BLOB_REHYDRATION_DELAY_MS; default ${DEFAULT-VALUE}; Azure takes hours).")
    long blobRehydrationDelayMs;

    @Option(names = "--cache-mb", paramLabel = "MB", defaultValue = "${env:CERULEAN_CACHE_MB:-96}",
            description = "RocksDB's memory, block cache and memtables together (env CERULEAN_CACHE_MB; "
                    + "default ${DEFAULT-VALUE}, at least 16; used with --store rocksdb only).")
    long cacheMb;

    @Option(names = "--worker-threads", paramLabel = "N", defaultValue = "${env:CERULEAN_WORKER_THREADS}",
            description = "Threads that run requests other than point reads (env CERULEAN_WORKER_THREADS; "
                    + "default four per processor, at least 8). More help only when requests wait on a slow disk.")
    Integer workerThreads;

    @Option(names = "--account", paramLabel = "NAME:KEY1[:KEY2]",
            description = "An account to serve besides devstoreaccount1 (repeatable). Also from env "
                    + "CERULEAN_ACCOUNTS and AZURITE_ACCOUNTS, as name:key1[:key2];name2:key1.")
    List<String> accounts = List.of();

    @picocli.CommandLine.Mixin ConnectionOptions connections;

    @Option(names = "--faults", paramLabel = "FILE", defaultValue = "${env:CERULEAN_FAULTS}",
            description = "Inject transient faults for testing retry policies, by the JSON rules in this file "
                    + "(see docs/faults.md; env CERULEAN_FAULTS; default none). Changed at run time through "
                    + "/{account}/$faults.")
    Path faults;

    @Option(names = "--blob-versioning", defaultValue = "${env:CERULEAN_BLOB_VERSIONING:-false}",
            description = "Keep blob versions in every account: each write of a blob keeps the state it replaces "
                    + "as a previous version (env CERULEAN_BLOB_VERSIONING).")
    boolean blobVersioning;

    @Option(names = "--tls", defaultValue = "${env:CERULEAN_TLS:-false}",
            description = "Serve HTTPS too, on the same port, with a self-signed certificate for localhost that is "
                    + "generated on the first start and kept in <data-dir>/tls (env CERULEAN_TLS).")
    boolean tls;

    @Option(names = "--tls-cert", paramLabel = "FILE", defaultValue = "${env:CERULEAN_TLS_CERT}",
            description = "Serve HTTPS too, on the same port, with this PEM certificate (chain); needs --tls-key "
                    + "(env CERULEAN_TLS_CERT).")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", defaultValue = "${env:CERULEAN_TLS_KEY}",
            description = "The PEM private key of --tls-cert, unencrypted (env CERULEAN_TLS_KEY).")
    Path tlsKey;

    @Mixin
    StoreOptions storeOptions = new StoreOptions();

    @Mixin
    OAuthOptions oauth = new OAuthOptions();

    @Mixin
    LogOptions logOptions = new LogOptions();

    @Mixin
    AdvisorOptions advisor = new AdvisorOptions();

    @Option(names = "--console", negatable = true, defaultValue = "${env:CERULEAN_CONSOLE:-true}", fallbackValue = "true",
            description = "Serve the web console at /$console on every service's port; --no-console turns it off "
                    + "(env CERULEAN_CONSOLE).")
    boolean console;

    @Option(names = "--metrics-port", paramLabel = "PORT", defaultValue = "${env:CERULEAN_METRICS_PORT}",
            description = "Serve /$metrics alone on this port too, 0 for any free one (env CERULEAN_METRICS_PORT; "
                    + "default none).")
    Integer metricsPort;

    @Option(names = "--metrics", negatable = true, defaultValue = "${env:CERULEAN_METRICS:-true}",
            fallbackValue = "true",
            description = "Serve /$metrics on every service's port; --no-metrics leaves it to --metrics-port "
                    + "(env CERULEAN_METRICS).")
    boolean metrics;

    @Mixin
    ScalabilityTargetOptions scalabilityTargets = new ScalabilityTargetOptions();

    @Option(names = "--allow-reset", paramLabel = "account|all", arity = "0..1", fallbackValue = "account",
            defaultValue = "${env:CERULEAN_ALLOW_RESET:-off}",
            description = "Let POST /{account}/$reset, signed with the account's key, wipe that account's data "
                    + "(account, the value of a bare --allow-reset), or with scope=all every account's (all); "
                    + "for test suites sharing one server (env CERULEAN_ALLOW_RESET; default off).")
    String allowReset;

    @Override
    public Integer call() throws InterruptedException {
        if (pageBudgetMs < 1) {
            System.err.println("cerulean: --page-budget-ms must be at least 1");
            return EXIT_BAD_CONFIG;
        }
        if (blobRehydrationDelayMs < 0) {
            System.err.println("cerulean: --blob-rehydration-delay-ms must not be negative");
            return EXIT_BAD_CONFIG;
        }
        Cerulean.Builder builder = Cerulean.builder().host(host).port(port)
                .pageBudget(java.time.Duration.ofMillis(pageBudgetMs)).connectionLimits(connections.limits())
                .blobRehydrationDelay(java.time.Duration.ofMillis(blobRehydrationDelayMs))
                .advisor(advisor.settings()).console(console).metricsOnServicePorts(metrics);
        if (metricsPort != null) {
            try {
                builder.metricsPort(metricsPort);
            } catch (IllegalArgumentException e) {
                System.err.println("cerulean: --metrics-port: " + e.getMessage());
                return EXIT_BAD_CONFIG;
            }
        }
        scalabilityTargets.targets().ifPresent(builder::scalabilityTargets);
        if (blobPort != null) {
            builder.blobPort(blobPort);
        }
        if (blobVersioning) {
            builder.blobVersioning();
        }
        if (queuePort != null) {
            builder.queuePort(queuePort);
        }
        try {
            builder.services(services(services));
        } catch (IllegalArgumentException e) {
            System.err.println("cerulean: --services: " + e.getMessage());
            return EXIT_BAD_CONFIG;
        }
        try {
            builder.cacheMegabytes(cacheMb);
        } catch (IllegalArgumentException e) {
            System.err.println("cerulean: --cache-mb: " + e.getMessage());
            return EXIT_BAD_CONFIG;
        }
        if (workerThreads != null) {
            try {
                builder.workerThreads(workerThreads);
            } catch (IllegalArgumentException e) {
                System.err.println("cerulean: --worker-threads: " + e.getMessage());
                return EXIT_BAD_CONFIG;
            }
        }
        StoreOptions.Kind store = storeOptions.kind();
        String dataLivesIn = switch (store) {
            case MEMORY -> {
                builder.inMemory();
                yield "in memory, nothing is kept";
            }
            case CASSANDRA -> {
                CassandraStoreConfig cassandra = storeOptions.cassandra();
                builder.cassandra(cassandra);
                yield "Cassandra keyspace " + cassandra.keyspace() + " at " + String.join(",", cassandra.contactPoints());
            }
            default -> {
                builder.dataDir(dataDir);
                yield "RocksDB in " + dataDir;
            }
        };
        // A variable set to nothing (CERULEAN_TLS_CERT=) means no file, as if it were unset.
        tlsCert = tlsCert == null || tlsCert.toString().isEmpty() ? null : tlsCert;
        tlsKey = tlsKey == null || tlsKey.toString().isEmpty() ? null : tlsKey;
        if ((tlsCert == null) != (tlsKey == null)) {
            System.err.println("cerulean: --tls-cert and --tls-key (CERULEAN_TLS_CERT, CERULEAN_TLS_KEY) go together");
            return EXIT_BAD_CONFIG;
        }
        if (tlsCert != null) {
            builder.tls(tlsCert, tlsKey);
        } else if (tls) {
            builder.tls();
        }
        try {
            String azuriteAccounts = System.getenv("AZURITE_ACCOUNTS");
            if (azuriteAccounts != null) {
                AccountSpec.parseAzuriteList(azuriteAccounts).forEach(builder::account);
            }
            String ceruleanAccounts = System.getenv("CERULEAN_ACCOUNTS");
            if (ceruleanAccounts != null) {
                AccountSpec.parseList(ceruleanAccounts).forEach(builder::account);
            }
            for (String spec : accounts) {
                builder.account(AccountSpec.parse(spec));
            }
            builder.oauth(oauth.config());
            builder.allowReset(io.cerulean.http.reset.ResetGrant.parse(allowReset));
            if (faults != null && !faults.toString().isEmpty()) {
                builder.faults(FaultRulesJson.read(faults));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("cerulean: " + e.getMessage());
            return EXIT_BAD_CONFIG;
        }
        try {
            builder.requestLog(logOptions.open());
        } catch (IllegalArgumentException e) {
            System.err.println("cerulean: --request-log: " + e.getMessage());
            return EXIT_BAD_CONFIG;
        }
        long started = System.nanoTime();
        Cerulean cerulean;
        try {
            cerulean = builder.start();
        } catch (PortInUseException e) {
            System.err.println("cerulean: " + e.getMessage());
            return EXIT_PORT_IN_USE;
        } catch (StoreOpenException | StoreFormatException e) {
            System.err.println("cerulean: " + e.getMessage());
            return EXIT_STORE_UNUSABLE;
        } catch (StoreUnavailableException e) {
            System.err.println("cerulean: the store cannot be reached: " + e.getMessage());
            return EXIT_STORE_UNREACHABLE;
        } catch (IllegalArgumentException e) {
            System.err.println("cerulean: " + e.getMessage());
            return EXIT_BAD_CONFIG;
        }
        Termination termination = Termination.of(cerulean);
        cerulean.certificateFile().ifPresent(certificate -> log.info("HTTPS is on, on the same port: {} with the "
                + "certificate {}{}", cerulean.secureEndpoint(cerulean.services().iterator().next(), "devstoreaccount1"), certificate.toAbsolutePath(),
                tlsCert != null ? ""
                        : store != StoreOptions.Kind.ROCKSDB
                                ? " (self-signed, a new one at every start without a data directory; see docs/https.md)"
                        : " (self-signed and kept: trust it once, see docs/https.md)"));
        List<String> serving = new ArrayList<>();
        for (Cerulean.Service service : cerulean.services()) {
            serving.add("the " + displayName(service) + " service at " + cerulean.endpoint(service, "devstoreaccount1")
                    + "/");
        }
        if (metricsPort != null) {
            serving.add("metrics at http://" + host + ":" + cerulean.metricsPort() + "/$metrics");
        }
        log.info("Cerulean {} serving {} ({}), ready in {} ms", Main.version(), inWords(serving),
                dataLivesIn, (System.nanoTime() - started) / 1_000_000);
        termination.await();
        return 0;
    }

    /** The services named, as {@code --services} takes them: {@code table}, {@code queue}, {@code blob}, any case. */
    static Set<Cerulean.Service> services(List<String> names) {
        Set<Cerulean.Service> chosen = EnumSet.noneOf(Cerulean.Service.class);
        for (String name : names) {
            String trimmed = name.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                chosen.add(Cerulean.Service.valueOf(trimmed.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + trimmed + "' is not a service; the services are table, queue, blob");
            }
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("name at least one service: table, queue, blob");
        }
        return chosen;
    }

    /** "a", "a and b", "a, b and c". */
    private static String inWords(List<String> items) {
        if (items.size() < 2) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static String displayName(Cerulean.Service service) {
        String name = service.name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }
}
