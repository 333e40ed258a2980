package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * List Blobs by hierarchy and blobs with only staged blocks: with {@code include=uncommittedblobs}
 * they take their place among the blobs and prefixes of their level; without it, they are not there,
 * and neither is a prefix that only they would make.
 */
class ListUncommittedBlobsTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobContainerClient tree(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "lstaged");
        for (String name : List.of("top.txt", "dir/a", "mixed/sub/c")) {
            container.getBlobClient(name).upload(BinaryData.fromString(name));
        }
        for (String name : List.of("staged.txt", "dir/b", "drafts/x", "drafts/deeper/y", "top.txt")) {
            container.getBlobClient(name).getBlockBlobClient().stageBlock(BlobData.blockId("block-1"),
                    BinaryData.fromString("staged"));
        }
        return container;
    }

    private static List<BlobItem> level(BlobContainerClient container, String prefix, boolean uncommitted) {
        return container.listBlobsByHierarchy("/", new ListBlobsOptions().setPrefix(prefix)
                .setDetails(new BlobListDetails().setRetrieveUncommittedBlobs(uncommitted)), null).stream().toList();
    }

    @ParameterizedTest
    @EachStore
    void uncommittedBlobsAreListedInTheirLevelOfTheHierarchy(ServerFixture store) {
        BlobContainerClient container = tree(store);

        List<BlobItem> root = level(container, null, true);
        assertThat(prefixes(root)).containsExactly("dir/", "drafts/", "mixed/");
        assertThat(blobs(root)).containsExactly("staged.txt", "top.txt");
        assertThat(root).filteredOn(item -> item.getName().equals("staged.txt")).singleElement()
                .satisfies(item -> assertThat(item.getProperties().getContentLength()).isZero());
        assertThat(blobs(level(container, "dir/", true))).containsExactly("dir/a", "dir/b");
        assertThat(prefixes(level(container, "drafts/", true))).containsExactly("drafts/deeper/");
        assertThat(blobs(level(container, "drafts/", true))).containsExactly("drafts/x");
    }

    @ParameterizedTest
    @EachStore
    void withoutUncommittedBlobsNeitherTheyNorThePrefixesOnlyTheyMakeAreListed(ServerFixture store) {
        BlobContainerClient container = tree(store);

        List<BlobItem> root = level(container, null, false);
        assertThat(prefixes(root)).containsExactly("dir/", "mixed/");
        assertThat(blobs(root)).containsExactly("top.txt");
        assertThat(blobs(level(container, "dir/", false))).containsExactly("dir/a");
        assertThat(level(container, "drafts/", false)).isEmpty();
    }

    private static List<String> prefixes(List<BlobItem> items) {
        return items.stream().filter(item -> Boolean.TRUE.equals(item.isPrefix())).map(BlobItem::getName).toList();
    }

    private static List<String> blobs(List<BlobItem> items) {
        return items.stream().filter(item -> !Boolean.TRUE.equals(item.isPrefix())).map(BlobItem::getName).toList();
    }
}
