package io.cerulean.app;

import io.cerulean.core.service.TableService;
import io.cerulean.core.spi.TableStore;
import io.cerulean.core.time.HybridClock;
import io.cerulean.server.CeruleanServer;
import io.cerulean.server.ServerConfig;
import io.cerulean.server.auth.Account;
import io.cerulean.server.auth.Accounts;
import io.cerulean.server.metrics.Metrics;
import io.cerulean.store.memory.MemoryTableStore;
import io.cerulean.store.rocksdb.RocksDbTableStore;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A running Cerulean: a store, the Table service on it, and the HTTP server. This is the
 * in-process API as well as what {@code cerulean serve} runs:
 *
 * <pre>{@code
 * try (Cerulean cerulean = Cerulean.builder().inMemory().port(0).start()) {
 *     TableServiceClient client = new TableServiceClientBuilder()
 *             .connectionString(cerulean.connectionString()).buildClient();
 * }
 * }</pre>
 */
public final class Cerulean implements AutoCloseable {
    private final TableStore store;
    private final CeruleanServer server;
    private final Accounts accounts;

    private Cerulean(TableStore store, CeruleanServer server, Accounts accounts) {
        this.store = store;
        this.server = server;
        this.accounts = accounts;
    }

    public static Builder builder() {
        return new Builder();
    }

    public int port() {
        return server.port();
    }

    /** The Table endpoint of an account, e.g. {@code http://127.0.0.1:10002/devstoreaccount1}. */
    public String endpoint(String account) {
        return "http://" + hostForUrls() + ":" + port() + "/" + account;
    }

    /** A connection string for the development account (or the first configured one). */
    public String connectionString() {
        Account account = accounts.find(Account.DEVELOPMENT_NAME).orElse(accounts.all().get(0));
        return "DefaultEndpointsProtocol=http;AccountName=" + account.name() + ";AccountKey="
                + java.util.Base64.getEncoder().encodeToString(account.keys().get(0)) + ";TableEndpoint="
                + endpoint(account.name()) + ";";
    }

    private String hostForUrls() {
        String host = server.host();
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0") ? "127.0.0.1" : host;
    }

    /** Stops serving, then closes the store; every acknowledged write is already durable. */
    @Override
    public void close() {
        try {
            server.close();
        } finally {
            store.close();
        }
    }

    /** How to start a Cerulean; defaults are those of {@code cerulean serve}. */
    public static final class Builder {
        private String host = "127.0.0.1";
        private int port = ServerConfig.DEFAULT_PORT;
        private Path dataDir = Path.of("cerulean-data");
        private boolean inMemory;
        private final Map<String, Account> accounts = new LinkedHashMap<>();
        private Duration pageBudget = Duration.ofSeconds(5);
        private int workerThreads = Math.max(32, 16 * Runtime.getRuntime().availableProcessors());

        private Builder() {
            accounts.put(Account.DEVELOPMENT_NAME, Account.development());
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** The port to listen on; 0 picks a free one (see {@link Cerulean#port()}). */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Keep data in RocksDB under this directory (the default: {@code ./cerulean-data}). */
        public Builder dataDir(Path dataDir) {
            this.dataDir = dataDir;
            this.inMemory = false;
            return this;
        }

        /** Keep data in memory only: nothing survives {@link Cerulean#close()}. */
        public Builder inMemory() {
            this.inMemory = true;
            return this;
        }

        /** Serves an account besides devstoreaccount1 (or replaces its keys, if so named). */
        public Builder account(Account account) {
            accounts.put(account.name(), account);
            return this;
        }

        /** How long one query page may read before it returns with a continuation (5 s, as Azure). */
        public Builder pageBudget(Duration pageBudget) {
            this.pageBudget = pageBudget;
            return this;
        }

        public Builder workerThreads(int workerThreads) {
            this.workerThreads = workerThreads;
            return this;
        }

        public Cerulean start() {
            Accounts configured = new Accounts(new ArrayList<>(accounts.values()));
            ServerConfig config = new ServerConfig(host, port, configured, workerThreads);
            TableStore store = inMemory ? new MemoryTableStore() : RocksDbTableStore.open(dataDir);
            try {
                HybridClock clock = HybridClock.system(new StoredClockLease(store));
                TableService service = new TableService(store, clock, pageBudget);
                PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
                Metrics metrics = new Metrics(registry, registry::scrape);
                return new Cerulean(store, CeruleanServer.start(config, service, metrics), configured);
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
        }

        List<Account> accounts() {
            return List.copyOf(accounts.values());
        }
    }
}
