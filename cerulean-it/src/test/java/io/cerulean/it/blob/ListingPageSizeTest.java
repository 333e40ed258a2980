package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobContainerItem;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.ListBlobContainersOptions;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.cerulean.it.ServerFixture;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@code maxresults} above 5000 on List Containers and List Blobs: served as 5000, as List Queues
 * serves it and as the REST reference says ("specifies a value greater than 5000, the server will
 * return up to 5000 items"), not refused. One store: what is checked is the REST layer's reading.
 */
class ListingPageSizeTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final int MORE_THAN_A_PAGE = 5001;

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @Test
    void listBlobsServesAMaxResultsAbove5000As5000() {
        BlobContainerClient container = SERVERS.newContainer(ONE_STORE, "many");
        inParallel(i -> container.getBlobClient(String.format("b%05d", i)).upload(BinaryData.fromBytes(new byte[0])));

        List<PagedResponse<BlobItem>> pages = container.listBlobs(new ListBlobsOptions().setMaxResultsPerPage(10_000),
                null).streamByPage().toList();

        assertThat(pages).extracting(page -> page.getValue().size()).containsExactly(5000, 1);
        assertThat(pages.get(1).getValue().get(0).getName()).isEqualTo("b05000");
    }

    @Test
    void listContainersServesAMaxResultsAbove5000As5000() {
        BlobServiceClient service = SERVERS.service(ONE_STORE);
        String prefix = BlobServers.uniqueName("many") + "-";
        inParallel(i -> service.createBlobContainer(prefix + String.format("%05d", i)));

        List<PagedResponse<BlobContainerItem>> pages = service.listBlobContainers(new ListBlobContainersOptions()
                .setPrefix(prefix).setMaxResultsPerPage(Integer.MAX_VALUE), null).streamByPage().toList();

        assertThat(pages).extracting(page -> page.getValue().size()).containsExactly(5000, 1);
        assertThat(pages.get(1).getValue().get(0).getName()).isEqualTo(prefix + "05000");
    }

    /** Runs {@code step} for 0 to {@value #MORE_THAN_A_PAGE} - 1 on a few threads, failing on the first failure. */
    private static void inParallel(IntConsumer step) {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = IntStream.range(0, MORE_THAN_A_PAGE)
                    .mapToObj(i -> pool.submit(() -> step.accept(i))).<Future<?>>map(f -> f).toList();
            for (Future<?> future : done) {
                future.get();
            }
        } catch (Exception e) {
            throw new AssertionError("setting up " + MORE_THAN_A_PAGE + " items failed", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
