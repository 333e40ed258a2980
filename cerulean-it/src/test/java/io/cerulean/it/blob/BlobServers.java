package io.cerulean.it.blob;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobContainerClientBuilder;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import io.cerulean.app.Cerulean;
import io.cerulean.it.ServerFixture;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The Blob endpoints of one test class and Blob SDK clients on them that make one try only, so an
 * error shows up as the server answered it. By default each store gets a Cerulean server, started
 * on first use and closed by the class in {@code @AfterAll}. With
 * {@code -Dcerulean.it.blob.connectionString=...} every store's tests go to that endpoint instead
 * (Azurite, or an Azure account), so that the same suite can be run against what Cerulean imitates;
 * the store parameter then only repeats the tests. Tests sharing an endpoint keep apart through
 * containers of their own ({@link #newContainer}).
 */
final class BlobServers implements AutoCloseable {
    static final String ACCOUNT = "devstoreaccount1";
    /** The system property naming another Blob endpoint to run against, as a connection string. */
    static final String CONNECTION_STRING_PROPERTY = "cerulean.it.blob.connectionString";
    private static final String OTHER_ENDPOINT = System.getProperty(CONNECTION_STRING_PROPERTY, "");
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private final Map<ServerFixture, ServerFixture.RunningServer> servers = new EnumMap<>(ServerFixture.class);
    private final Map<ServerFixture, BlobServiceClient> clients = new EnumMap<>(ServerFixture.class);
    private final Consumer<Cerulean.Builder> settings;

    /** Servers as they start by default. */
    BlobServers() {
        this(builder -> { });
    }

    /** Servers started with these settings of their own. */
    BlobServers(Consumer<Cerulean.Builder> settings) {
        this.settings = settings;
    }

    /** Whether this run goes to an endpoint named by {@link #CONNECTION_STRING_PROPERTY} rather than to Cerulean. */
    static boolean otherEndpoint() {
        return !OTHER_ENDPOINT.isEmpty();
    }

    /** The connection string of the endpoint a store's tests go to; it carries a {@code BlobEndpoint}. */
    synchronized String connectionString(ServerFixture fixture) {
        return otherEndpoint() ? OTHER_ENDPOINT : cerulean(fixture).connectionString();
    }

    /** The store's Cerulean server, started on first use; not for a run against another endpoint. */
    synchronized Cerulean cerulean(ServerFixture fixture) {
        if (otherEndpoint()) {
            throw new IllegalStateException("this run goes to the endpoint of -D" + CONNECTION_STRING_PROPERTY);
        }
        return servers.computeIfAbsent(fixture, f -> f.start(settings)).cerulean();
    }

    /** A client holding the account key. */
    synchronized BlobServiceClient service(ServerFixture fixture) {
        return clients.computeIfAbsent(fixture, f -> new BlobServiceClientBuilder()
                .connectionString(connectionString(f)).retryOptions(oneTry()).buildClient());
    }

    /** The account's blob endpoint, e.g. {@code http://127.0.0.1:PORT/devstoreaccount1}. */
    String endpoint(ServerFixture fixture) {
        return otherEndpoint() ? service(fixture).getAccountUrl() : cerulean(fixture).blobEndpoint(ACCOUNT);
    }

    /** The account key of the endpoint. */
    StorageSharedKeyCredential key(ServerFixture fixture) {
        return StorageSharedKeyCredential.fromConnectionString(connectionString(fixture));
    }

    /** A container created for the caller alone. */
    BlobContainerClient newContainer(ServerFixture fixture, String prefix) {
        return service(fixture).createBlobContainer(uniqueName(prefix));
    }

    /** A client for a container that does not exist (yet). */
    BlobContainerClient missingContainer(ServerFixture fixture, String prefix) {
        return service(fixture).getBlobContainerClient(uniqueName(prefix));
    }

    /** A client for one container that authenticates with this SAS token only. */
    BlobContainerClient containerWithSas(ServerFixture fixture, String containerName, String sas) {
        return new BlobContainerClientBuilder().endpoint(endpoint(fixture)).containerName(containerName)
                .sasToken(sas).retryOptions(oneTry()).buildClient();
    }

    /** A client for one blob that authenticates with this SAS token only. */
    BlobClient blobWithSas(ServerFixture fixture, String containerName, String blobName, String sas) {
        return new BlobClientBuilder().endpoint(endpoint(fixture)).containerName(containerName).blobName(blobName)
                .sasToken(sas).retryOptions(oneTry()).buildClient();
    }

    /** One try per call: no retry of a 5xx or a timeout. */
    static RequestRetryOptions oneTry() {
        return new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null);
    }

    /** A valid container name (lower-case letters, digits, single dashes) that no other test uses. */
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
