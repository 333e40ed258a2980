package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import java.time.OffsetDateTime;
import com.azure.storage.blob.models.TaggedBlobItem;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.options.FindBlobsOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Find Blobs by Tags through the Java SDK, in a container and across the account: the blobs whose tags
 * match, each with the tags the query names, page by page; a blob whose tags change or that is
 * deleted is found as it is now; a malformed query is 400 InvalidQueryParameterValue.
 */
class FindBlobsByTagsTest {
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static void put(BlobContainerClient container, String name, Map<String, String> tags) {
        container.getBlobClient(name).uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(name))
                .setTags(tags), null, Context.NONE);
    }

    private static List<String> found(Iterable<TaggedBlobItem> items) {
        List<String> names = new ArrayList<>();
        items.forEach(item -> names.add(item.getContainerName() + "/" + item.getName()));
        return names;
    }

    @ParameterizedTest
    @EachStore
    void aContainerSearchFindsItsMatchingBlobsWithTheTagsTheQueryNames(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "findc");
        BlobContainerClient other = SERVERS.newContainer(store, "findo");
        String run = BlobServers.uniqueName("run");
        put(container, "one", Map.of("run", run, "size", "3", "color", "red"));
        put(container, "two", Map.of("run", run, "size", "7", "color", "blue"));
        put(container, "three", Map.of("run", run, "size", "5"));
        put(other, "elsewhere", Map.of("run", run, "size", "5"));

        List<TaggedBlobItem> items = container.findBlobsByTags("\"run\" = '" + run + "' AND \"size\" >= '5'")
                .stream().toList();

        assertThat(items).extracting(TaggedBlobItem::getName).containsExactly("three", "two");
        assertThat(items).extracting(TaggedBlobItem::getContainerName).containsOnly(container.getBlobContainerName());
        assertThat(items.get(1).getTags()).as("the tags named by the query")
                .containsExactlyInAnyOrderEntriesOf(Map.of("run", run, "size", "7"));
        assertThat(found(container.findBlobsByTags("run='" + run + "' and color='red'")))
                .containsExactly(container.getBlobContainerName() + "/one");
        assertThat(found(container.findBlobsByTags("\"size\" > '3' AND \"size\" < '7' AND \"run\" = '" + run + "'")))
                .containsExactly(container.getBlobContainerName() + "/three");
    }

    @ParameterizedTest
    @EachStore
    void anAccountSearchSpansContainersAndPages(ServerFixture store) {
        BlobServiceClient service = SERVERS.service(store);
        BlobContainerClient first = SERVERS.newContainer(store, "finda");
        BlobContainerClient second = SERVERS.newContainer(store, "findb");
        String run = BlobServers.uniqueName("run");
        for (int i = 0; i < 7; i++) {
            put(i % 2 == 0 ? first : second, "blob-" + i, Map.of("run", run));
        }

        String query = "\"run\" = '" + run + "'";
        List<Integer> pageSizes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (PagedResponse<TaggedBlobItem> page : service.findBlobsByTags(new FindBlobsOptions(query)
                .setMaxResultsPerPage(3), null, Context.NONE).iterableByPage()) {
            pageSizes.add(page.getValue().size());
            page.getValue().forEach(item -> names.add(item.getContainerName() + "/" + item.getName()));
        }

        assertThat(pageSizes).containsExactly(3, 3, 1);
        assertThat(names).hasSize(7).doesNotHaveDuplicates();
        assertThat(names.subList(0, 4)).allMatch(name -> name.startsWith(first.getBlobContainerName() + "/"));
        assertThat(found(service.findBlobsByTags("@container = '" + second.getBlobContainerName() + "' AND " + query)))
                .containsExactly(second.getBlobContainerName() + "/blob-1", second.getBlobContainerName() + "/blob-3",
                        second.getBlobContainerName() + "/blob-5");
    }

    @ParameterizedTest
    @EachStore
    void blobsAreFoundByTheTagsTheyHaveNow(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "findnow");
        String run = BlobServers.uniqueName("run");
        put(container, "moved", Map.of("state", run + "-draft"));
        put(container, "deleted", Map.of("state", run + "-draft"));

        container.getBlobClient("moved").setTags(Map.of("state", run + "-final"));
        container.getBlobClient("deleted").delete();

        assertThat(found(container.findBlobsByTags("\"state\" = '" + run + "-draft'"))).isEmpty();
        assertThat(found(container.findBlobsByTags("\"state\" = '" + run + "-final'")))
                .containsExactly(container.getBlobContainerName() + "/moved");
        SERVERS.service(store).deleteBlobContainer(container.getBlobContainerName());
        assertThat(found(SERVERS.service(store).findBlobsByTags("\"state\" = '" + run + "-final'"))).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void queriesOutsideTheGrammarAreRefused(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "findbad");
        for (String query : List.of("\"a\" = 'x' OR \"b\" = 'y'", "\"a\" <> 'x'", "a = x", "\"a\" = 'x", "\"a#\" = 'x'",
                "@container = 'c'", "\"a\" = '1' AND \"a\" = '2'")) {
            assertBlobError(() -> container.findBlobsByTags(query).stream().toList(), 400,
                    "InvalidQueryParameterValue");
        }
        assertBlobError(() -> SERVERS.missingContainer(store, "findnone").findBlobsByTags("a='b'").stream().toList(),
                404, "ContainerNotFound");
    }

    /**
     * The service answers a {@code where} it cannot read with what is wrong as the error's message,
     * which the SDKs show, and the parameter beside it; a container's search may not name
     * {@code @container} too.
     */
    @ParameterizedTest
    @EachStore
    void aQueryThatCannotBeReadIsRefusedSayingWhatIsWrong(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "findwhy");
        put(container, "doc", Map.of("a", "b"));

        BlobStorageException badCharacter = assertBlobError(() -> container.findBlobsByTags("key1='valffffff @'")
                .stream().toList(), 400, "InvalidQueryParameterValue");
        assertThat(badCharacter.getMessage()).contains("<Message>Error parsing query at or near character position 18: "
                        + "'@' not permitted in tag name or value\nRequestId:")
                .contains("<QueryParameterName>where</QueryParameterName>");

        String both = "@container='" + container.getBlobContainerName() + "' AND a='b'";
        BlobStorageException containerTwice = assertBlobError(() -> container.findBlobsByTags(both).stream().toList(),
                400, "InvalidQueryParameterValue");
        assertThat(containerTwice.getMessage())
                .contains("<Message>Error parsing query: Cannot have container in both uri and query\nRequestId:");
        assertThat(found(SERVERS.service(store).findBlobsByTags(both)))
                .containsExactly(container.getBlobContainerName() + "/doc");
    }

    @ParameterizedTest
    @EachStore
    void sharedAccessSignaturesNeedTheirFilterAndTagPermissions(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "findsas");
        String run = BlobServers.uniqueName("run");
        put(container, "doc", Map.of("run", run));
        OffsetDateTime expiry = OffsetDateTime.now().plusHours(1);
        String query = "\"run\" = '" + run + "'";

        String filterOnObjects = SERVERS.service(store).generateAccountSas(new AccountSasSignatureValues(expiry,
                AccountSasPermission.parse("f"), new AccountSasService().setBlobAccess(true),
                AccountSasResourceType.parse("o")));
        assertThat(found(sasService(store, filterOnObjects).findBlobsByTags(query)))
                .containsExactly(container.getBlobContainerName() + "/doc");
        String readOnly = SERVERS.service(store).generateAccountSas(new AccountSasSignatureValues(expiry,
                AccountSasPermission.parse("rl"), new AccountSasService().setBlobAccess(true),
                AccountSasResourceType.parse("sco")));
        assertBlobError(() -> sasService(store, readOnly).findBlobsByTags(query).stream().toList(), 403,
                "AuthorizationPermissionMismatch");

        String containerFilter = container.generateSas(new BlobServiceSasSignatureValues(expiry,
                new com.azure.storage.blob.sas.BlobContainerSasPermission().setFilterPermission(true)));
        assertThat(found(SERVERS.containerWithSas(store, container.getBlobContainerName(), containerFilter)
                .findBlobsByTags(query))).hasSize(1);

        var blob = container.getBlobClient("doc");
        String tagsOnly = blob.generateSas(new BlobServiceSasSignatureValues(expiry,
                new BlobSasPermission().setTagsPermission(true)));
        var tagger = SERVERS.blobWithSas(store, container.getBlobContainerName(), "doc", tagsOnly);
        tagger.setTags(Map.of("run", run, "by", "sas"));
        assertThat(tagger.getTags()).containsEntry("by", "sas");
        String readSas = blob.generateSas(new BlobServiceSasSignatureValues(expiry,
                new BlobSasPermission().setReadPermission(true)));
        assertBlobError(() -> SERVERS.blobWithSas(store, container.getBlobContainerName(), "doc", readSas).getTags(),
                403, "AuthorizationPermissionMismatch");
    }

    private static BlobServiceClient sasService(ServerFixture store, String sas) {
        return new BlobServiceClientBuilder().endpoint(SERVERS.endpoint(store)).sasToken(sas)
                .retryOptions(BlobServers.oneTry()).buildClient();
    }
}
