package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.core.util.polling.PollResponse;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.TaggedBlobItem;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copies whose source is served elsewhere: a small HTTP server of the test's own on loopback, on
 * another port than Cerulean's, serving bytes (with ranges), a 404 and a 500. Copy Blob From URL, Put
 * Blob From URL and Put Block From URL fetch it before they answer; Copy Blob answers pending and
 * fetches it in the background. Both copies take the tags and tier their request names. A source that
 * refuses or cannot be reached is CannotVerifyCopySource with what it met, and nothing is written.
 */
class RemoteCopyTest {
    private static final CopyServers SERVERS = new CopyServers(Duration.ZERO);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final byte[] BYTES = BlobData.randomBytes(11, 300 * 1024);
    private static HttpServer remote;

    @BeforeAll
    static void serve() throws IOException {
        remote = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        remote.createContext("/files/data.bin", RemoteCopyTest::data);
        remote.createContext("/files/whole.bin", exchange -> answer(exchange, 200, BYTES)); // ignores Range
        remote.createContext("/files/missing.bin", exchange -> answer(exchange, 404, new byte[0]));
        remote.createContext("/files/broken.bin", exchange -> answer(exchange, 500, new byte[0]));
        remote.start();
    }

    @AfterAll
    static void stop() {
        remote.stop(0);
        SERVERS.close();
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + remote.getAddress().getPort() + path;
    }

    /** The bytes, whole or the one range asked for (206). */
    private static void data(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/x-test");
        exchange.getResponseHeaders().set("Content-Language", "en");
        String range = exchange.getRequestHeaders().getFirst("Range");
        if (range == null) {
            answer(exchange, 200, BYTES);
            return;
        }
        String[] bounds = range.substring("bytes=".length()).split("-");
        int first = Integer.parseInt(bounds[0]);
        int last = bounds.length > 1 && !bounds[1].isEmpty() ? Integer.parseInt(bounds[1]) : BYTES.length - 1;
        exchange.getResponseHeaders().set("Content-Range", "bytes " + first + "-" + last + "/" + BYTES.length);
        answer(exchange, 206, Arrays.copyOfRange(BYTES, first, last + 1));
    }

    private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static BlobContainerClient container(ServerFixture store) {
        return CopyServers.newContainer(SERVERS.service(store), "remote");
    }

    @ParameterizedTest
    @EachStore
    void theSynchronousCopiesFetchASourceServedElsewhere(ServerFixture store) {
        BlobContainerClient container = container(store);
        BlobClient synced = container.getBlobClient("synced.bin");
        BlockBlobClient put = container.getBlobClient("put.bin").getBlockBlobClient();
        BlockBlobClient staged = container.getBlobClient("staged.bin").getBlockBlobClient();
        String block = Base64.getEncoder().encodeToString("block-1".getBytes());

        synced.copyFromUrl(url("/files/data.bin"));
        put.uploadFromUrl(url("/files/data.bin"), true);
        staged.stageBlockFromUrl(block, url("/files/data.bin"), new BlobRange(1000, 24L));
        staged.commitBlockList(List.of(block));

        assertThat(synced.downloadContent().toBytes()).isEqualTo(BYTES);
        assertThat(put.downloadContent().toBytes()).isEqualTo(BYTES);
        assertThat(staged.downloadContent().toBytes()).isEqualTo(Arrays.copyOfRange(BYTES, 1000, 1024));
        BlobProperties properties = synced.getProperties();
        assertThat(properties.getContentType()).isEqualTo("application/x-test");
        assertThat(properties.getContentLanguage()).isEqualTo("en");
        assertThat(properties.getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(properties.getCopySource()).isEqualTo(url("/files/data.bin"));
        assertThat(put.getProperties().getContentType()).isEqualTo("application/x-test");
    }

    /** A source that ignores {@code Range} and answers the whole: the range is still what is staged. */
    @ParameterizedTest
    @EachStore
    void aRangeOfASourceThatIgnoresRangesIsCutFromTheWhole(ServerFixture store) {
        BlockBlobClient staged = container(store).getBlobClient("ranged.bin").getBlockBlobClient();
        String block = Base64.getEncoder().encodeToString("block-1".getBytes());

        staged.stageBlockFromUrl(block, url("/files/whole.bin"), new BlobRange(70_000, 100_000L));
        staged.commitBlockList(List.of(block));

        assertThat(staged.downloadContent().toBytes()).isEqualTo(Arrays.copyOfRange(BYTES, 70_000, 170_000));
    }

    @ParameterizedTest
    @EachStore
    void copyBlobOfASourceServedElsewhereIsPendingThenSucceeds(ServerFixture store) {
        BlobClient target = container(store).getBlobClient("copied.bin");

        var poller = target.beginCopy(url("/files/data.bin"), POLL);
        CopyStatusType first = poller.poll().getValue().getCopyStatus();
        PollResponse<BlobCopyInfo> done = poller.waitForCompletion();

        assertThat(first).isIn(CopyStatusType.PENDING, CopyStatusType.SUCCESS);
        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(target.downloadContent().toBytes()).isEqualTo(BYTES);
        assertThat(target.getProperties().getContentType()).isEqualTo("application/x-test");
        assertThat(target.getProperties().getCopyProgress()).isEqualTo(BYTES.length + "/" + BYTES.length);
    }

    @ParameterizedTest
    @EachStore
    void aSourceThatRefusesIsCannotVerifyCopySourceWithItsStatus(ServerFixture store) throws IOException {
        BlobClient target = container(store).getBlobClient("never.bin");
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }

        assertBlobError(() -> target.copyFromUrl(url("/files/missing.bin")), 404, "CannotVerifyCopySource");
        assertBlobError(() -> target.getBlockBlobClient().uploadFromUrl(url("/files/broken.bin"), true), 409,
                "CannotVerifyCopySource");
        assertBlobError(() -> target.copyFromUrl("http://127.0.0.1:" + closedPort + "/nothing"), 500,
                "CannotVerifyCopySource");

        assertThat(target.exists()).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void aBackgroundCopyOfASourceThatRefusesFailsWithWhy(ServerFixture store) {
        BlobClient target = container(store).getBlobClient("failed.bin");

        PollResponse<BlobCopyInfo> done = target.beginCopy(url("/files/missing.bin"), POLL).waitForCompletion();

        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.FAILED);
        BlobProperties properties = target.getProperties();
        assertThat(properties.getCopyStatus()).isEqualTo(CopyStatusType.FAILED);
        assertThat(properties.getCopyStatusDescription()).contains("404");
        assertThat(properties.getBlobSize()).isZero();
    }

    @ParameterizedTest
    @EachStore
    void copiesOfASourceServedElsewhereTakeTheirTagsAndTier(ServerFixture store) {
        BlobContainerClient container = container(store);
        BlobClient synced = container.getBlobClient("synced.bin");
        BlobClient pending = container.getBlobClient("pending.bin");
        String run = container.getBlobContainerName();

        synced.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(url("/files/data.bin"))
                .setTags(Map.of("run", run, "way", "sync")).setTier(AccessTier.COLD), null, Context.NONE);
        PollResponse<BlobCopyInfo> done = pending.beginCopy(new BlobBeginCopyOptions(url("/files/data.bin"))
                .setTags(Map.of("run", run, "way", "background")).setTier(AccessTier.COOL).setPollInterval(POLL))
                .waitForCompletion();

        assertThat(done.getValue().getCopyStatus()).isEqualTo(CopyStatusType.SUCCESS);
        assertThat(synced.getTags()).containsExactlyInAnyOrderEntriesOf(Map.of("run", run, "way", "sync"));
        assertThat(synced.getProperties().getAccessTier()).isEqualTo(AccessTier.COLD);
        assertThat(pending.getTags()).containsExactlyInAnyOrderEntriesOf(Map.of("run", run, "way", "background"));
        assertThat(pending.getProperties().getAccessTier()).isEqualTo(AccessTier.COOL);
        assertThat(pending.getProperties().isAccessTierInferred()).isNotEqualTo(Boolean.TRUE);
        assertThat(container.findBlobsByTags("\"run\"='" + run + "'").stream().map(TaggedBlobItem::getName))
                .containsExactlyInAnyOrder("synced.bin", "pending.bin");
        assertThat(pending.downloadContent().toBytes()).isEqualTo(BYTES);
    }

    @ParameterizedTest
    @EachStore
    void aPremiumTierOnACopyOfASourceServedElsewhereIsRefused(ServerFixture store) {
        BlobClient target = container(store).getBlobClient("premium.bin");

        assertBlobError(() -> target.beginCopy(new BlobBeginCopyOptions(url("/files/data.bin"))
                .setTier(AccessTier.P10).setPollInterval(POLL)).poll(), 400, "InvalidHeaderValue");
        assertBlobError(() -> target.copyFromUrlWithResponse(new BlobCopyFromUrlOptions(url("/files/data.bin"))
                .setTier(AccessTier.P10), null, Context.NONE), 400, "InvalidHeaderValue");

        assertThat(target.exists()).isFalse();
    }
}
