package io.cerulean.it.query;

import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One server per store for every test class of this package, JUnit's and jqwik's alike (their
 * lifecycles differ, so neither owns the servers): started on first use, stopped by a JVM shutdown
 * hook. Tests share a server through tables no other test uses ({@link #uniqueTableName}).
 */
final class QueryServers {
    private static final Map<ServerFixture, ServerFixture.RunningServer> SERVERS = new EnumMap<>(ServerFixture.class);
    private static final Map<ServerFixture, TableServiceClient> CLIENTS = new EnumMap<>(ServerFixture.class);
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(16, r -> {
        Thread t = new Thread(r, "query-it-loader");
        t.setDaemon(true);
        return t;
    });
    private static boolean hookInstalled;

    private QueryServers() {
    }

    static synchronized ServerFixture.RunningServer server(ServerFixture fixture) {
        if (!hookInstalled) {
            hookInstalled = true;
            Runtime.getRuntime().addShutdownHook(new Thread(QueryServers::stopAll, "query-it-servers-stop"));
        }
        return SERVERS.computeIfAbsent(fixture, ServerFixture::start);
    }

    static synchronized TableServiceClient service(ServerFixture fixture) {
        return CLIENTS.computeIfAbsent(fixture, f -> serviceClient(server(f).connectionString()));
    }

    static RawHttp http(ServerFixture fixture) {
        return new RawHttp(server(fixture).cerulean().port());
    }

    static TableClient newTable(ServerFixture fixture, String prefix) {
        return service(fixture).createTable(uniqueTableName(prefix));
    }

    /** A service client that does not retry, so every failure shows as it happened. */
    static TableServiceClient serviceClient(String connectionString) {
        return new TableServiceClientBuilder().connectionString(connectionString)
                .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1)))).buildClient();
    }

    /** A valid table name (letters and digits) that no other test uses. */
    static String uniqueTableName(String prefix) {
        return prefix + "x" + COUNTER.incrementAndGet() + "x" + Long.toString(System.nanoTime() % 1_000_000L, 36);
    }

    /** Runs the tasks on a shared pool of 16 threads and waits for all of them; rethrows the first failure. */
    static void parallel(List<Runnable> tasks) {
        List<Future<?>> futures = new ArrayList<>();
        for (Runnable task : tasks) {
            futures.add(POOL.submit(task));
        }
        Throwable failure = null;
        for (Future<?> future : futures) {
            try {
                future.get();
            } catch (ExecutionException e) {
                failure = failure == null ? e.getCause() : failure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        if (failure instanceof RuntimeException re) {
            throw re;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }

    private static synchronized void stopAll() {
        CLIENTS.clear();
        for (ServerFixture.RunningServer server : SERVERS.values()) {
            try {
                server.close();
            } catch (RuntimeException e) {
                // the JVM is exiting: nothing more to do with a server that will not stop cleanly
            }
        }
        SERVERS.clear();
    }
}
