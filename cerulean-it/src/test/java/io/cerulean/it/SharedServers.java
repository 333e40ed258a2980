package io.cerulean.it;

import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One server per store for a whole test class (started on first use, closed in {@code @AfterAll}),
 * with an SDK client for each. Tests sharing a server use {@link #uniqueTableName(String)}.
 */
final class SharedServers implements AutoCloseable {
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private final Map<ServerFixture, ServerFixture.RunningServer> servers = new EnumMap<>(ServerFixture.class);
    private final Map<ServerFixture, TableServiceClient> clients = new EnumMap<>(ServerFixture.class);

    synchronized ServerFixture.RunningServer server(ServerFixture fixture) {
        return servers.computeIfAbsent(fixture, ServerFixture::start);
    }

    synchronized TableServiceClient service(ServerFixture fixture) {
        return clients.computeIfAbsent(fixture, f -> serviceClient(server(f).connectionString()));
    }

    /** A new table with a name no other test uses. */
    TableClient newTable(ServerFixture fixture, String prefix) {
        return service(fixture).createTable(uniqueTableName(prefix));
    }

    SignedHttp http(ServerFixture fixture) {
        return SignedHttp.to(server(fixture));
    }

    /** A service client that does not retry, so a failing request shows up as it happened. */
    static TableServiceClient serviceClient(String connectionString) {
        return new TableServiceClientBuilder().connectionString(connectionString).retryOptions(noRetries()).buildClient();
    }

    static RetryOptions noRetries() {
        return new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1)));
    }

    static String uniqueTableName(String prefix) {
        return prefix + "x" + COUNTER.incrementAndGet() + "x" + Long.toString(System.nanoTime() % 1_000_000L, 36);
    }

    @Override
    public synchronized void close() {
        clients.clear();
        servers.values().forEach(ServerFixture.RunningServer::close);
        servers.clear();
    }
}
