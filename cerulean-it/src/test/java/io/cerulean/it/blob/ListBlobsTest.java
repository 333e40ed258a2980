package io.cerulean.it.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * List Blobs: flat listings in name order with prefix, paging and metadata; listings by hierarchy with
 * the delimiter "/", giving prefixes and blobs; names with spaces, unicode and reserved URL characters.
 */
class ListBlobsTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobContainerClient containerWith(ServerFixture store, String prefix, List<String> names) {
        BlobContainerClient container = SERVERS.newContainer(store, prefix);
        names.forEach(name -> container.getBlobClient(name).upload(BinaryData.fromString("contents of " + name)));
        return container;
    }

    private static List<String> names(Iterable<BlobItem> items) {
        List<String> names = new ArrayList<>();
        items.forEach(item -> names.add(item.getName()));
        return names;
    }

    @ParameterizedTest
    @EachStore
    void aFlatListingGivesEveryBlobInNameOrder(ServerFixture store) {
        List<String> names = List.of("b", "a/2", "A", "a", "a/1/x", "Z", "a-b", "0");
        BlobContainerClient container = containerWith(store, "flat", names);

        List<BlobItem> listed = container.listBlobs().stream().toList();

        assertThat(names(listed)).containsExactly("0", "A", "Z", "a", "a-b", "a/1/x", "a/2", "b");
        assertThat(listed).allSatisfy(item -> {
            assertThat(item.isPrefix()).as("isPrefix of %s", item.getName()).isNotEqualTo(Boolean.TRUE);
            assertThat(item.getProperties().getContentLength())
                    .isEqualTo(("contents of " + item.getName()).length());
            assertThat(item.getProperties().getETag()).isNotBlank();
        });
    }

    @ParameterizedTest
    @EachStore
    void aPrefixListsOnlyTheNamesStartingWithIt(ServerFixture store) {
        BlobContainerClient container = containerWith(store, "prefix",
                List.of("logs/2024/a", "logs/2025/b", "logsx", "log", "other/logs/c"));

        assertThat(names(container.listBlobs(new ListBlobsOptions().setPrefix("logs/"), null)))
                .containsExactly("logs/2024/a", "logs/2025/b");
        assertThat(names(container.listBlobs(new ListBlobsOptions().setPrefix("logs"), null)))
                .containsExactly("logs/2024/a", "logs/2025/b", "logsx");
        assertThat(names(container.listBlobs(new ListBlobsOptions().setPrefix("nothing"), null))).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void pagesOfAListingComeWithContinuationTokens(ServerFixture store) {
        BlobContainerClient container = containerWith(store, "paged", List.of("e", "c", "a", "d", "b"));
        ListBlobsOptions pagesOfTwo = new ListBlobsOptions().setMaxResultsPerPage(2);

        List<List<String>> pages = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        for (PagedResponse<BlobItem> page : container.listBlobs(pagesOfTwo, null).iterableByPage()) {
            pages.add(names(page.getValue()));
            tokens.add(page.getContinuationToken());
        }

        assertThat(pages).containsExactly(List.of("a", "b"), List.of("c", "d"), List.of("e"));
        assertThat(tokens.subList(0, 2)).doesNotContainNull();
        assertThat(tokens.get(2)).isNull();
        assertThat(names(container.listBlobs(pagesOfTwo, tokens.get(1), null))).as("resumed from the second token")
                .containsExactly("e");
    }

    @ParameterizedTest
    @EachStore
    void metadataIsListedWhenAskedWithTheCaseOfItsNames(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "lmeta");
        container.getBlobClient("with").uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString("w"))
                .setMetadata(Map.of("Colour", "Blue", "size", "L")), null, Context.NONE);
        container.getBlobClient("without").upload(BinaryData.fromString("wo"));

        List<BlobItem> withMetadata = container.listBlobs(new ListBlobsOptions()
                .setDetails(new BlobListDetails().setRetrieveMetadata(true)), null).stream().toList();
        List<BlobItem> plain = container.listBlobs().stream().toList();

        assertThat(withMetadata).extracting(BlobItem::getName).containsExactly("with", "without");
        assertThat(withMetadata.get(0).getMetadata()).containsExactlyInAnyOrderEntriesOf(Map.of("Colour", "Blue",
                "size", "L"));
        assertThat(withMetadata.get(1).getMetadata()).isNullOrEmpty();
        assertThat(plain).allSatisfy(item -> assertThat(item.getMetadata()).isNullOrEmpty());
    }

    @ParameterizedTest
    @EachStore
    void aListingByHierarchyGivesTheBlobsAndPrefixesOfOneLevel(ServerFixture store) {
        BlobContainerClient container = containerWith(store, "tree",
                List.of("top.txt", "dir/a", "dir/b", "dir/sub/c", "dir/sub/deeper/d", "other/x", "zz"));

        List<BlobItem> root = container.listBlobsByHierarchy("/", new ListBlobsOptions(), null).stream().toList();
        List<BlobItem> dir = container.listBlobsByHierarchy("/", new ListBlobsOptions().setPrefix("dir/"), null)
                .stream().toList();
        List<BlobItem> sub = container.listBlobsByHierarchy("dir/sub/").stream().toList();

        assertThat(prefixes(root)).containsExactly("dir/", "other/");
        assertThat(blobs(root)).containsExactly("top.txt", "zz");
        assertThat(prefixes(dir)).containsExactly("dir/sub/");
        assertThat(blobs(dir)).containsExactly("dir/a", "dir/b");
        assertThat(prefixes(sub)).containsExactly("dir/sub/deeper/");
        assertThat(blobs(sub)).containsExactly("dir/sub/c");
    }

    /** Prefixes count towards a page's maximum, and take their place among the blobs in name order. */
    @ParameterizedTest
    @EachStore
    void aListingByHierarchyPagesPrefixesAndBlobsTogether(ServerFixture store) {
        BlobContainerClient container = containerWith(store, "treepage",
                List.of("a/1", "a/2", "b", "c/1", "d", "e/1/x"));
        ListBlobsOptions pagesOfTwo = new ListBlobsOptions().setMaxResultsPerPage(2);

        List<List<String>> pages = new ArrayList<>();
        for (PagedResponse<BlobItem> page : container.listBlobsByHierarchy("/", pagesOfTwo, null).iterableByPage()) {
            pages.add(names(page.getValue()).stream().sorted().toList());
        }

        assertThat(pages).containsExactly(List.of("a/", "b"), List.of("c/", "d"), List.of("e/"));
    }

    @ParameterizedTest
    @EachStore
    void namesWithSpacesUnicodeAndReservedCharactersAreKeptExactly(ServerFixture store) {
        List<String> names = List.of("with space.txt", "plus+sign", "percent%41literal", "ünïcödé/日本語.txt",
                "question?mark", "hash#tag", "amp&eq=", "a/b/c/d.txt", "trailing slash/", "tilde~");
        BlobContainerClient container = containerWith(store, "names", names);

        assertThat(names(container.listBlobs())).containsExactlyElementsOf(names.stream().sorted().toList());
        for (String name : names) {
            assertThat(container.getBlobClient(name).downloadContent().toString()).as("contents of %s", name)
                    .isEqualTo("contents of " + name);
        }
        assertThat(prefixes(container.listBlobsByHierarchy("ünïcödé/").stream().toList())).isEmpty();
        assertThat(blobs(container.listBlobsByHierarchy("ünïcödé/").stream().toList()))
                .containsExactly("ünïcödé/日本語.txt");
    }

    private static List<String> prefixes(List<BlobItem> items) {
        return items.stream().filter(item -> Boolean.TRUE.equals(item.isPrefix())).map(BlobItem::getName).toList();
    }

    private static List<String> blobs(List<BlobItem> items) {
        return items.stream().filter(item -> !Boolean.TRUE.equals(item.isPrefix())).map(BlobItem::getName).toList();
    }
}
