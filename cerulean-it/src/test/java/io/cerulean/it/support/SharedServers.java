package io.cerulean.it.support;

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
 * One server per store, started on first use, with an SDK client for each that never retries, so a
 * failing request shows up as it happened. Tests sharing a server keep apart through tables no other
 * test uses ({@link #uniqueTableName}). Two lifecycles, because test engines differ:
 * <ul>
 * <li>{@link #perClass()}: a JUnit class owns the servers and closes them in {@code @AfterAll}.</li>
 * <li>{@link #jvmWide()}: JUnit classes and jqwik properties share the servers; their lifecycles differ,
 * so neither can own them, and a JVM shutdown hook stops them.</li>
 * </ul>
 */
public final class SharedServers implements AutoCloseable {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(16, r -> {
        Thread t = new Thread(r, "it-loader");
        t.setDaemon(true);
        return t;
    });
    private static SharedServers jvmWide;

    private final Map<ServerFixture, ServerFixture.RunningServer> servers = new EnumMap<>(ServerFixture.class);
    private final Map<ServerFixture, TableServiceClient> clients = new EnumMap<>(ServerFixture.class);
    private final boolean stoppedAtExit;

    private SharedServers(boolean stoppedAtExit) {
        this.stoppedAtExit = stoppedAtExit;
    }

    /** Servers for one test class, which must {@link #close()} them in {@code @AfterAll}. */
    public static SharedServers perClass() {
        return new SharedServers(false);
    }

    /** The one set of servers shared by every caller in this JVM, stopped when the JVM exits; never close it. */
    public static synchronized SharedServers jvmWide() {
        if (jvmWide == null) {
            SharedServers shared = new SharedServers(true);
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stopAtExit, "it-servers-stop"));
            jvmWide = shared;
        }
        return jvmWide;
    }

    public synchronized ServerFixture.RunningServer server(ServerFixture fixture) {
        return servers.computeIfAbsent(fixture, ServerFixture::start);
    }

    public synchronized TableServiceClient service(ServerFixture fixture) {
        return clients.computeIfAbsent(fixture, f -> serviceClient(server(f).connectionString()));
    }

    /** A new table with a name no other test uses. */
    public TableClient newTable(ServerFixture fixture, String prefix) {
        return service(fixture).createTable(uniqueTableName(prefix));
    }

    public SignedHttp http(ServerFixture fixture) {
        return SignedHttp.to(server(fixture));
    }

    /** A service client that does not retry, so a failing request shows up as it happened. */
    public static TableServiceClient serviceClient(String connectionString) {
        return new TableServiceClientBuilder().connectionString(connectionString).retryOptions(noRetries()).buildClient();
    }

    public static RetryOptions noRetries() {
        return new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1)));
    }

    /** A valid table name (letters and digits) that no other test uses. */
    public static String uniqueTableName(String prefix) {
        return prefix + "x" + COUNTER.incrementAndGet() + "x" + Long.toString(System.nanoTime() % 1_000_000L, 36);
    }

    /** Runs the tasks on a shared pool of 16 threads (to load servers fast) and waits for all; rethrows the first failure. */
    public static void parallel(List<Runnable> tasks) {
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

    @Override
    public synchronized void close() {
        if (stoppedAtExit) {
            // Other test classes, possibly still running, use these servers.
            throw new IllegalStateException("the JVM-wide servers are stopped at exit, not by a test class");
        }
        clients.clear();
        servers.values().forEach(ServerFixture.RunningServer::close);
        servers.clear();
    }

    private synchronized void stopAtExit() {
        clients.clear();
        for (ServerFixture.RunningServer server : servers.values()) {
            try {
                server.close();
            } catch (RuntimeException e) {
                // the JVM is exiting: nothing more to do with a server that will not stop cleanly
            }
        }
        servers.clear();
    }
}
