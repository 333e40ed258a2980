package io.cerulean.it.blob;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.StorageSharedKeyCredential;
import io.cerulean.blob.service.CopySettings;
import io.cerulean.http.auth.Account;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * A Cerulean server per store for the copy tests, with two accounts (the development account and
 * {@link #OTHER}) and copies made in the background above 256 KiB, 64 KiB a chunk, {@code pause}
 * between two chunks, so that a copy of a few MiB is still pending when a test aborts it. Clients
 * make one try per call.
 */
final class CopyServers implements AutoCloseable {
    static final String OTHER = "copysource";
    static final String OTHER_KEY = "c291cmNlIGFjY291bnQga2V5IGZvciB0aGUgY29weSB0ZXN0cyBvZiBDZXJ1bGVhbg==";
    static final long BACKGROUND_ABOVE = 256 * 1024;

    private final Duration pause;
    private final Map<ServerFixture, ServerFixture.RunningServer> servers = new EnumMap<>(ServerFixture.class);

    CopyServers(Duration pause) {
        this.pause = pause;
    }

    private synchronized ServerFixture.RunningServer server(ServerFixture fixture) {
        return servers.computeIfAbsent(fixture, f -> f.start(builder -> builder
                .account(Account.of(Account.DEVELOPMENT_NAME, Account.DEVELOPMENT_KEY))
                .account(Account.of(OTHER, OTHER_KEY))
                .blobCopies(new CopySettings(BACKGROUND_ABOVE, 64 * 1024, pause, Duration.ofSeconds(10),
                        64L * 1024 * 1024))));
    }

    /** The Blob endpoint of {@code account}: {@code http://127.0.0.1:PORT/account}. */
    String endpoint(ServerFixture fixture, String account) {
        return server(fixture).cerulean().blobEndpoint(account);
    }

    int port(ServerFixture fixture) {
        return server(fixture).cerulean().blobPort();
    }

    /** A client of the development account, with its key. */
    BlobServiceClient service(ServerFixture fixture) {
        return client(fixture, Account.DEVELOPMENT_NAME, Account.DEVELOPMENT_KEY);
    }

    /** A client of {@link #OTHER}, with its key. */
    BlobServiceClient other(ServerFixture fixture) {
        return client(fixture, OTHER, OTHER_KEY);
    }

    private BlobServiceClient client(ServerFixture fixture, String account, String key) {
        return new BlobServiceClientBuilder().endpoint(endpoint(fixture, account))
                .credential(new StorageSharedKeyCredential(account, key)).retryOptions(BlobServers.oneTry())
                .buildClient();
    }

    static BlobContainerClient newContainer(BlobServiceClient service, String prefix) {
        return service.createBlobContainer(BlobServers.uniqueName(prefix));
    }

    @Override
    public synchronized void close() {
        servers.values().forEach(ServerFixture.RunningServer::close);
        servers.clear();
    }
}
