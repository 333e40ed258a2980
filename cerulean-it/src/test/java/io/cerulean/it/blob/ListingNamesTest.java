package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobContainerItem;
import com.azure.storage.blob.models.BlobContainerListDetails;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobContainersOptions;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Names in listings that XML 1.0 cannot carry as text. A blob's name may hold C0 controls and
 * U+FFFE/U+FFFF; List Blobs writes such a name as Azure does, {@code <Name Encoded="true">} and the
 * name percent-encoded, so that the container stays listable and the SDKs read the name back as it
 * was put. A {@code prefix}, {@code delimiter} or container {@code marker} holding such a character
 * is refused with 400 InvalidQueryParameterValue rather than echoed into a broken document.
 */
class ListingNamesTest {
    private static final BlobServers SERVERS = new BlobServers();
    private static final String CONTROL = "a\u0001b";
    private static final String NONCHARACTER_DIR = "dir\uFFFE/x y+%.txt";

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static BlobContainerClient newContainer(ListingXml wire, ServerFixture store, String prefix) {
        return wire.client(SERVERS, store).createBlobContainer(BlobServers.uniqueName(prefix));
    }

    @ParameterizedTest
    @EachStore
    void namesXmlCannotCarryAreListedEncodedAndReadBackExactly(ServerFixture store) {
        List<String> names = List.of(CONTROL, NONCHARACTER_DIR, "tab\tand\nline\rends", "plain", "\uD83D\uDE00/x",
                "esc\u001B[0m", "del\u007F");
        ListingXml wire = new ListingXml();
        BlobContainerClient container = newContainer(wire, store, "encoded");
        names.forEach(name -> container.getBlobClient(name).upload(BinaryData.fromString(name)));

        assertThat(container.listBlobs().stream().map(BlobItem::getName))
                .containsExactlyInAnyOrderElementsOf(names);
        assertThat(wire.takeParsed()).singleElement().extracting(ListingXml.Answer::text).asString()
                .contains("<Name Encoded=\"true\">a%01b</Name>")
                .contains("<Name Encoded=\"true\">dir%EF%BF%BE%2Fx%20y%2B%25.txt</Name>")
                .contains("<Name Encoded=\"true\">esc%1B%5B0m</Name>")
                .contains("<Name>plain</Name>").contains("<Name>del\u007F</Name>");
        List<BlobItem> root = container.listBlobsByHierarchy("/", new ListBlobsOptions(), null).stream().toList();
        assertThat(root.stream().filter(i -> Boolean.TRUE.equals(i.isPrefix())).map(BlobItem::getName))
                .containsExactlyInAnyOrder("dir\uFFFE/", "\uD83D\uDE00/");
        assertThat(wire.takeParsed()).singleElement().extracting(ListingXml.Answer::text).asString()
                .contains("<BlobPrefix><Name Encoded=\"true\">dir%EF%BF%BE%2F</Name></BlobPrefix>");

        assertThat(container.listBlobs(new ListBlobsOptions().setMaxResultsPerPage(1)
                .setDetails(new BlobListDetails().setRetrieveMetadata(true)), null).stream().map(BlobItem::getName))
                .as("page by page, with metadata").containsExactlyInAnyOrderElementsOf(names);
        assertThat(container.listBlobs(new ListBlobsOptions().setPrefix("dir"), null).stream().map(BlobItem::getName))
                .containsExactly(NONCHARACTER_DIR);
        assertThat(wire.takeParsed()).hasSizeGreaterThan(names.size());
        for (String name : names) {
            assertThat(container.getBlobClient(name).downloadContent().toString()).isEqualTo(name);
        }
    }

    @ParameterizedTest
    @EachStore
    void aPrefixOrDelimiterXmlCannotCarryIsInvalidQueryParameterValue(ServerFixture store) {
        ListingXml wire = new ListingXml();
        BlobContainerClient container = newContainer(wire, store, "badprefix");
        container.getBlobClient(CONTROL).upload(BinaryData.fromString("x"));

        assertBlobError(() -> container.listBlobs(new ListBlobsOptions().setPrefix("a\u0001"), null).stream().toList(),
                400, "InvalidQueryParameterValue");
        assertBlobError(() -> container.listBlobsByHierarchy("\u0001", new ListBlobsOptions(), null).stream().toList(),
                400, "InvalidQueryParameterValue");
        assertBlobError(() -> container.listBlobsByHierarchy("\uFFFF", new ListBlobsOptions().setPrefix("a"), null)
                .stream().toList(), 400, "InvalidQueryParameterValue");
        assertThat(wire.takeParsed()).as("the errors, readable").hasSize(3);
        assertThat(container.listBlobs().stream().map(BlobItem::getName)).containsExactly(CONTROL);
    }

    @ParameterizedTest
    @EachStore
    void listContainersRefusesAPrefixOrMarkerXmlCannotCarry(ServerFixture store) {
        ListingXml wire = new ListingXml();
        BlobServiceClient service = wire.client(SERVERS, store);
        String prefix = BlobServers.uniqueName("ctl");
        service.createBlobContainer(prefix);

        assertBlobError(() -> service.listBlobContainers(new ListBlobContainersOptions().setPrefix(prefix + "\u0001"),
                null).stream().toList(), 400, "InvalidQueryParameterValue");
        assertBlobError(() -> service.listBlobContainers(new ListBlobContainersOptions().setPrefix(prefix), null)
                .iterableByPage(prefix + "\u0002").iterator().next(), 400, "InvalidQueryParameterValue");
        assertThat(service.listBlobContainers(new ListBlobContainersOptions().setPrefix(prefix), null).stream()
                .map(BlobContainerItem::getName)).containsExactly(prefix);
        assertThat(wire.takeParsed()).hasSize(3);
    }

    /** Metadata values come from headers, which hold no control characters: the HTTP layer refuses them. */
    @ParameterizedTest
    @EachStore
    void listingsWithMetadataParseStrictly(ServerFixture store) {
        ListingXml wire = new ListingXml();
        BlobContainerClient container = newContainer(wire, store, "metaxml");
        container.setMetadata(Map.of("k", "v <&> \"'"));
        container.getBlobClient(CONTROL).uploadWithResponse(
                new BlobParallelUploadOptions(BinaryData.fromString("x")).setMetadata(Map.of("Name", "<&>\"' x")),
                null, Context.NONE);

        assertThat(container.listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveMetadata(true)), null).stream().toList())
                .singleElement().satisfies(item -> {
                    assertThat(item.getName()).isEqualTo(CONTROL);
                    assertThat(item.getMetadata()).containsEntry("Name", "<&>\"' x");
                });
        assertThat(wire.client(SERVERS, store).listBlobContainers(new ListBlobContainersOptions()
                .setPrefix(container.getBlobContainerName()).setDetails(new BlobContainerListDetails()
                        .setRetrieveMetadata(true)), null).stream().toList())
                .singleElement().satisfies(item -> assertThat(item.getMetadata()).containsEntry("k", "v <&> \"'"));
        assertThat(wire.takeParsed()).hasSize(2);
    }
}
