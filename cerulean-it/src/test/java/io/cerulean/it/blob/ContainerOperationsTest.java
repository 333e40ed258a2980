package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobContainerItem;
import com.azure.storage.blob.models.BlobContainerListDetails;
import com.azure.storage.blob.models.BlobContainerProperties;
import com.azure.storage.blob.models.ListBlobContainersOptions;
import com.azure.storage.blob.options.BlobContainerCreateOptions;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Containers as resources: Create Container (201, then 409), Delete Container (202, its blobs go with
 * it), Get Container Properties, Set Container Metadata, the names the service refuses, List Containers
 * with prefix, paging and metadata, and 404 ContainerNotFound for every blob operation in a missing
 * container. What is stored runs on every store; the checks of names on one.
 */
class ContainerOperationsTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final BlobServers SERVERS = new BlobServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void createAnswers201ThenContainerAlreadyExists(ServerFixture store) {
        BlobContainerClient container = SERVERS.missingContainer(store, "create");

        Response<Void> created = container.createWithResponse(Map.of("Owner", "billing"), null, null, Context.NONE);

        assertThat(created.getStatusCode()).isEqualTo(201);
        assertThat(created.getHeaders().getValue("ETag")).as("ETag of the new container").isNotBlank();
        assertBlobError(container::create, 409, "ContainerAlreadyExists");
        assertBlobError(() -> container.createWithResponse(Map.of("Owner", "shipping"), null, null, Context.NONE),
                409, "ContainerAlreadyExists");
        assertThat(container.getProperties().getMetadata()).as("metadata after the refused creates")
                .containsExactlyEntriesOf(Map.of("Owner", "billing"));
    }

    @ParameterizedTest
    @EachStore
    void createIfNotExistsCreatesOnceAndThenAnswersFalse(ServerFixture store) {
        BlobContainerClient container = SERVERS.missingContainer(store, "cine");

        Response<Boolean> first = container.createIfNotExistsWithResponse(new BlobContainerCreateOptions(), null,
                Context.NONE);
        Response<Boolean> second = container.createIfNotExistsWithResponse(new BlobContainerCreateOptions(), null,
                Context.NONE);

        assertThat(first.getStatusCode()).isEqualTo(201);
        assertThat(first.getValue()).isTrue();
        assertThat(second.getStatusCode()).as("the 409 the SDK turns into false").isEqualTo(409);
        assertThat(second.getValue()).isFalse();
        assertThat(container.exists()).isTrue();
    }

    @ParameterizedTest
    @EachStore
    void deleteAnswers202AndTakesTheBlobsWithIt(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "gone");
        BlobClient blob = container.getBlobClient("kept-until-delete.txt");
        blob.upload(BinaryData.fromString("contents"));

        assertThat(container.deleteWithResponse(null, null, Context.NONE).getStatusCode()).isEqualTo(202);

        assertThat(container.exists()).isFalse();
        assertBlobError(container::getProperties, 404, "ContainerNotFound");
        assertBlobError(container::delete, 404, "ContainerNotFound");
        assertThat(SERVERS.service(store).listBlobContainers()).extracting(BlobContainerItem::getName)
                .doesNotContain(container.getBlobContainerName());
        // Azure may answer 409 ContainerBeingDeleted for a while here; Cerulean deletes at once.
        container.create();
        assertThat(container.listBlobs()).as("blobs of the recreated container").isEmpty();
        assertBlobError(blob::getProperties, 404, "BlobNotFound");
    }

    @ParameterizedTest
    @EachStore
    void deleteIfExistsTellsWhetherThereWasAContainer(ServerFixture store) {
        BlobContainerClient container = SERVERS.newContainer(store, "dine");

        assertThat(container.deleteIfExists()).isTrue();
        assertThat(container.deleteIfExists()).isFalse();
        assertThat(SERVERS.missingContainer(store, "never").deleteIfExists()).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void propertiesCarryETagLastModifiedAndMetadataWithTheCaseOfItsNames(ServerFixture store) {
        BlobContainerClient container = SERVERS.missingContainer(store, "props");
        OffsetDateTime before = OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(1);
        Response<Void> created = container.createWithResponse(Map.of("CamelCase", "Value One", "lower", "two"),
                null, null, Context.NONE);

        BlobContainerProperties properties = container.getProperties();

        // The SDK hands out ETags without their quotes, so whether the service quoted them does not show here.
        assertThat(properties.getETag()).isEqualTo(created.getHeaders().getValue("ETag")).isNotBlank();
        assertThat(properties.getLastModified()).isAfterOrEqualTo(before)
                .isBeforeOrEqualTo(OffsetDateTime.now().plusMinutes(1));
        assertThat(properties.getMetadata())
                .containsExactlyInAnyOrderEntriesOf(Map.of("CamelCase", "Value One", "lower", "two"));
        assertThat(properties.getBlobPublicAccess()).as("a private container").isNull();
    }

    @ParameterizedTest
    @EachStore
    void setMetadataReplacesTheSetAndChangesTheETag(ServerFixture store) {
        BlobContainerClient container = SERVERS.missingContainer(store, "meta");
        container.createWithResponse(Map.of("first", "1", "second", "2"), null, null, Context.NONE);
        String etag = container.getProperties().getETag();

        container.setMetadata(Map.of("Third", "3"));

        BlobContainerProperties after = container.getProperties();
        assertThat(after.getMetadata()).containsExactlyEntriesOf(Map.of("Third", "3"));
        assertThat(after.getETag()).as("ETag after Set Container Metadata, even in the same second")
                .isNotEqualTo(etag);
        container.setMetadata(Map.of());
        assertThat(container.getProperties().getMetadata()).as("after setting no metadata").isEmpty();
    }

    @Test
    void containerMetadataNamesThatAreNotIdentifiersAreInvalidMetadata() {
        BlobContainerClient container = SERVERS.missingContainer(ONE_STORE, "cmbad");

        assertBlobError(() -> container.createWithResponse(Map.of("has-dash", "x"), null, null, Context.NONE), 400,
                "InvalidMetadata");
        assertThat(container.exists()).as("container after the refused create").isFalse();
        container.create();
        assertBlobError(() -> container.setMetadata(Map.of("9lives", "x")), 400, "InvalidMetadata");
        assertThat(container.getProperties().getMetadata()).isEmpty();
    }

    @Test
    void namesWithCharactersOtherThanLowerCaseLettersDigitsAndDashesAreInvalidResourceName() {
        BlobServiceClient service = SERVERS.service(ONE_STORE);
        for (String name : List.of("Upper-" + BlobServers.uniqueName("c"), "under_score", "dot.name", "-leading-dash",
                "double--dash")) {
            assertBlobError(() -> service.getBlobContainerClient(name).create(), 400, "InvalidResourceName");
        }
    }

    @Test
    void namesShorterThanThreeOrLongerThanSixtyThreeAreOutOfRangeInput() {
        BlobServiceClient service = SERVERS.service(ONE_STORE);

        assertBlobError(() -> service.getBlobContainerClient("ab").create(), 400, "OutOfRangeInput");
        assertBlobError(() -> service.getBlobContainerClient("a".repeat(64)).create(), 400, "OutOfRangeInput");
        String sixtyThree = (BlobServers.uniqueName("max") + "-" + "x".repeat(63)).substring(0, 63);
        BlobContainerClient longest = service.getBlobContainerClient(sixtyThree);
        assertThat(longest.createWithResponse(null, null, null, Context.NONE).getStatusCode())
                .as("a 63-character name").isEqualTo(201);
    }

    /** The service's own words, its misspelling of "specified" included, which clients match on. */
    @Test
    void invalidNamesAreRefusedInTheServicesOwnWords() {
        BlobServiceClient service = SERVERS.service(ONE_STORE);

        assertThat(assertBlobError(() -> service.getBlobContainerClient("under_score").create(), 400,
                "InvalidResourceName").getMessage())
                .contains("<Message>The specifed resource name contains invalid characters.\nRequestId:");
        assertThat(assertBlobError(() -> service.getBlobContainerClient("ab").create(), 400, "OutOfRangeInput")
                .getMessage())
                .contains("<Message>The specified resource name length is not within the permissible limits.\n");
    }

    @ParameterizedTest
    @EachStore
    void listContainersWithAPrefixGivesSortedNamesPageByPage(ServerFixture store) {
        String prefix = BlobServers.uniqueName("lst") + "-";
        List<String> names = List.of(prefix + "d", prefix + "a", prefix + "e", prefix + "b", prefix + "c");
        names.forEach(name -> SERVERS.service(store).createBlobContainer(name));
        SERVERS.service(store).createBlobContainer(prefix.substring(0, prefix.length() - 1) + "x-other");

        ListBlobContainersOptions options = new ListBlobContainersOptions().setPrefix(prefix).setMaxResultsPerPage(2);
        List<List<String>> pages = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        for (PagedResponse<BlobContainerItem> page : SERVERS.service(store).listBlobContainers(options, null)
                .iterableByPage()) {
            pages.add(page.getValue().stream().map(BlobContainerItem::getName).toList());
            tokens.add(page.getContinuationToken());
        }

        assertThat(pages).containsExactly(List.of(prefix + "a", prefix + "b"), List.of(prefix + "c", prefix + "d"),
                List.of(prefix + "e"));
        assertThat(tokens.subList(0, 2)).as("continuation tokens of the full pages").doesNotContainNull();
        assertThat(tokens.get(2)).as("continuation token of the last page").isNull();

        List<String> resumed = new ArrayList<>();
        SERVERS.service(store).listBlobContainers(options, null).iterableByPage(tokens.get(0))
                .forEach(page -> page.getValue().forEach(item -> resumed.add(item.getName())));
        assertThat(resumed).as("listing resumed from the first page's token")
                .containsExactly(prefix + "c", prefix + "d", prefix + "e");
    }

    @ParameterizedTest
    @EachStore
    void listContainersIncludesMetadataOnlyWhenAsked(ServerFixture store) {
        String prefix = BlobServers.uniqueName("lmeta");
        SERVERS.service(store).createBlobContainerWithResponse(prefix + "-one", Map.of("Colour", "Blue"), null,
                Context.NONE);

        ListBlobContainersOptions withMetadata = new ListBlobContainersOptions().setPrefix(prefix)
                .setDetails(new BlobContainerListDetails().setRetrieveMetadata(true));
        List<BlobContainerItem> listed = SERVERS.service(store).listBlobContainers(withMetadata, null).stream().toList();
        List<BlobContainerItem> plain = SERVERS.service(store)
                .listBlobContainers(new ListBlobContainersOptions().setPrefix(prefix), null).stream().toList();

        assertThat(listed).singleElement().satisfies(item -> {
            assertThat(item.getName()).isEqualTo(prefix + "-one");
            assertThat(item.getMetadata()).containsExactlyEntriesOf(Map.of("Colour", "Blue"));
            assertThat(item.getProperties().getETag()).isNotBlank();
            assertThat(item.getProperties().getLastModified()).isNotNull();
        });
        assertThat(plain).singleElement().satisfies(item -> assertThat(item.getMetadata()).isNullOrEmpty());
    }

    @ParameterizedTest
    @EachStore
    void everyBlobOperationInAMissingContainerIsContainerNotFound(ServerFixture store) {
        BlobContainerClient container = SERVERS.missingContainer(store, "absent");
        BlobClient blob = container.getBlobClient("b.txt");
        String blockId = BlobData.blockId("block-1");

        assertBlobError(() -> blob.upload(BinaryData.fromString("x")), 404, "ContainerNotFound");
        assertBlobError(blob::downloadContent, 404, "ContainerNotFound");
        assertBlobError(blob::getProperties, 404, "ContainerNotFound");
        assertBlobError(() -> blob.setMetadata(Map.of("a", "b")), 404, "ContainerNotFound");
        assertBlobError(blob::delete, 404, "ContainerNotFound");
        assertBlobError(() -> blob.getBlockBlobClient().stageBlock(blockId, BinaryData.fromString("x")),
                404, "ContainerNotFound");
        assertBlobError(() -> blob.getBlockBlobClient().commitBlockList(List.of(blockId), true),
                404, "ContainerNotFound");
        assertBlobError(() -> container.listBlobs().stream().count(), 404, "ContainerNotFound");
        assertBlobError(() -> container.setMetadata(Map.of("a", "b")), 404, "ContainerNotFound");
        assertThat(blob.exists()).isFalse();
    }
}
