package io.cerulean.it.queue;

import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import io.cerulean.app.Cerulean;
import io.cerulean.it.ServerFixture;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The servers of one test class, one per store, started on first use, and Queue SDK clients on them
 * that make one try only, so an error shows up as the server answered it (and a 5xx does not cost a
 * round of retries). Tests sharing a server keep apart through queues of their own
 * ({@link #newQueue}); the class closes the servers in {@code @AfterAll}.
 */
final class QueueServers implements AutoCloseable {
    static final String ACCOUNT = "devstoreaccount1";
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private final Map<ServerFixture, ServerFixture.RunningServer> servers = new EnumMap<>(ServerFixture.class);
    private final Map<ServerFixture, QueueServiceClient> clients = new EnumMap<>(ServerFixture.class);

    synchronized Cerulean cerulean(ServerFixture fixture) {
        return servers.computeIfAbsent(fixture, ServerFixture::start).cerulean();
    }

    /** The account's queue endpoint, e.g. {@code http://127.0.0.1:PORT/devstoreaccount1}. */
    String endpoint(ServerFixture fixture) {
        return cerulean(fixture).queueEndpoint(ACCOUNT);
    }

    /** A client holding the account key, from the server's connection string. */
    synchronized QueueServiceClient service(ServerFixture fixture) {
        return clients.computeIfAbsent(fixture, f -> serviceClient(cerulean(f).connectionString()));
    }

    /** A queue created for the caller alone. */
    QueueClient newQueue(ServerFixture fixture, String prefix) {
        return service(fixture).createQueue(uniqueName(prefix));
    }

    /** A client for a queue that does not exist (yet). */
    QueueClient missingQueue(ServerFixture fixture, String prefix) {
        return service(fixture).getQueueClient(uniqueName(prefix));
    }

    /** The account key the server was started with. */
    StorageSharedKeyCredential key(ServerFixture fixture) {
        return StorageSharedKeyCredential.fromConnectionString(cerulean(fixture).connectionString());
    }

    /** A client for one queue that authenticates with this SAS token only. */
    QueueClient queueWithSas(ServerFixture fixture, String queueName, String sas) {
        return new QueueClientBuilder().endpoint(endpoint(fixture)).queueName(queueName).sasToken(sas)
                .retryOptions(oneTry()).buildClient();
    }

    /** A service client that authenticates with this SAS token only. */
    QueueServiceClient serviceWithSas(ServerFixture fixture, String sas) {
        return new QueueServiceClientBuilder().endpoint(endpoint(fixture)).sasToken(sas)
                .retryOptions(oneTry()).buildClient();
    }

    static QueueServiceClient serviceClient(String connectionString) {
        return new QueueServiceClientBuilder().connectionString(connectionString).retryOptions(oneTry()).buildClient();
    }

    /** One try per call: no retry of a 5xx or a timeout. */
    static RequestRetryOptions oneTry() {
        return new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);
    }

    /** A valid queue name (lower-case letters, digits, single dashes) that no other test uses. */
    static String uniqueName(String prefix) {
        return prefix + "-" + COUNTER.incrementAndGet() + "-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    }

    @Override
    public synchronized void close() {
        clients.clear();
        servers.values().forEach(ServerFixture.RunningServer::close);
        servers.clear();
    }
}
