package io.cerulean.it.batch;

import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One server per store for a test class, started on first use and closed in {@code @AfterAll},
 * with an SDK client that never retries, so that a failure shows up as it happened.
 */
final class BatchServers implements AutoCloseable {
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private final Map<ServerFixture, ServerFixture.RunningServer> servers = new EnumMap<>(ServerFixture.class);
    private final Map<ServerFixture, TableServiceClient> clients = new EnumMap<>(ServerFixture.class);

    synchronized ServerFixture.RunningServer server(ServerFixture fixture) {
        return servers.computeIfAbsent(fixture, ServerFixture::start);
    }

    synchronized TableServiceClient service(ServerFixture fixture) {
        return clients.computeIfAbsent(fixture, f -> new TableServiceClientBuilder()
                .connectionString(server(f).connectionString())
                .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))))
                .buildClient());
    }

    /** A new table no other test uses. */
    TableClient newTable(ServerFixture fixture, String prefix) {
        return service(fixture).createTable(uniqueName(prefix));
    }

    RawBatch raw(ServerFixture fixture) {
        return new RawBatch(server(fixture).cerulean().port());
    }

    static String uniqueName(String prefix) {
        return prefix + "x" + COUNTER.incrementAndGet() + "x" + Long.toString(System.nanoTime() % 1_000_000L, 36);
    }

    @Override
    public synchronized void close() {
        clients.clear();
        servers.values().forEach(ServerFixture.RunningServer::close);
        servers.clear();
    }
}
