package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.layout.ContainerCatalog;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.blob.service.Containers.ContainerList;
import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ContainersTest {
    private final BlobPieces pieces = new BlobPieces();
    private final Containers containers = pieces.containers;

    @AfterEach
    void close() {
        pieces.close();
    }

    @Test
    void aNameIsTakenOncePerAccount() {
        assertFails(() -> containers.create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE),
                BlobError.CONTAINER_ALREADY_EXISTS);
        containers.create("otheraccount", CONTAINER, Map.of(), PublicAccess.NONE);
        assertThat(containers.findPublicAccess(ACCOUNT, "missing")).isEmpty();
        assertThat(containers.findAcl(ACCOUNT, "Not A Name")).isEmpty();
    }

    @Test
    void listingPagesThroughTheNamesUnderAPrefix() {
        for (String name : List.of("logs-1", "logs-2", "logs-3", "media")) {
            containers.create(ACCOUNT, name, Map.of(), PublicAccess.NONE);
        }

        ContainerList first = containers.list(ACCOUNT, "logs-", Optional.empty(), 2);
        ContainerList rest = containers.list(ACCOUNT, "logs-", first.nextMarker(), 2);

        assertThat(first.containers()).extracting(ContainerProperties::name).containsExactly("logs-1", "logs-2");
        assertThat(first.nextMarker()).contains("logs-3");
        assertThat(rest.containers()).extracting(ContainerProperties::name).containsExactly("logs-3");
        assertThat(rest.nextMarker()).isEmpty();
    }

    @Test
    void metadataAndAclChangesGiveANewEtagUnderTheirConditions() {
        ContainerProperties before = containers.properties(ACCOUNT, CONTAINER, null);
        ContainerProperties tagged = containers.setMetadata(ACCOUNT, CONTAINER, Map.of("k", "v"), Conditions.NONE);
        ContainerProperties shared = containers.setAcl(ACCOUNT, CONTAINER, PublicAccess.BLOB, AccessPolicies.empty(),
                Conditions.NONE);

        assertThat(tagged.etag()).isGreaterThan(before.etag());
        assertThat(shared.etag()).isGreaterThan(tagged.etag());
        assertThat(containers.acl(ACCOUNT, CONTAINER, null).properties().metadata()).containsEntry("k", "v");
        assertThat(containers.findPublicAccess(ACCOUNT, CONTAINER)).contains(PublicAccess.BLOB);
        assertFails(() -> containers.setMetadata(ACCOUNT, CONTAINER, Map.of(), new Conditions(List.of("\"0x1\""),
                null, null, null)), BlobError.CONDITION_NOT_MET);
    }

    @Test
    void aLeasedContainerIsDeletedWithItsLeaseIdOnlyAndTakesItsBlobsWithIt() {
        BlobProperties blob = pieces.put("doc", "x");
        containers.lease(ACCOUNT, CONTAINER, new Leases.Action.Acquire("holder", -1), Conditions.NONE);

        assertFails(() -> containers.delete(ACCOUNT, CONTAINER, Conditions.NONE), BlobError.LEASE_ID_MISSING);
        assertFails(() -> containers.properties(ACCOUNT, CONTAINER, "someone else"),
                BlobError.LEASE_ID_MISMATCH_WITH_CONTAINER_OPERATION);
        containers.delete(ACCOUNT, CONTAINER, new Conditions(null, null, null, null, "holder"));

        assertFails(() -> containers.properties(ACCOUNT, CONTAINER, null), BlobError.CONTAINER_NOT_FOUND);
        assertThat(pieces.exists(blob.segments().get(0).content())).isFalse();
        assertThat(pieces.contents.held()).isEmpty();
    }

    private long instance(String name) {
        return containers.stored(ACCOUNT, name).record().blobsInstance();
    }

    @Test
    void blobsInstancesComeFromTheServerStatesCounterAndAreNeverReused() {
        long first = instance(CONTAINER);
        containers.create(ACCOUNT, "second", Map.of(), PublicAccess.NONE);
        pieces.put("doc", "x");
        containers.delete(ACCOUNT, CONTAINER, Conditions.NONE);

        containers.create(ACCOUNT, CONTAINER, Map.of(), PublicAccess.NONE);

        assertThat(first).as("the counter's first id").isEqualTo(1);
        assertThat(instance("second")).isEqualTo(2);
        assertThat(instance(CONTAINER)).as("made again under its old name").isEqualTo(3);
        assertThat(pieces.state.nextId(ContainerCatalog.BLOBS_INSTANCES)).isEqualTo(4);
        assertFails(() -> pieces.blobs.get(ACCOUNT, CONTAINER, "doc", BlobProperties.BASE, null),
                BlobError.BLOB_NOT_FOUND);
    }

    @Test
    void aContainerWrittenWithARandomInstanceKeepsItsBlobs() {
        long drawn = 0x5a17_c3e9_0b4d_2f61L; // as containers were named before the counter
        ContainerProperties properties = new ContainerProperties("legacy", 1, Instant.now(), Map.of(),
                PublicAccess.NONE, Lease.NONE);
        assertThat(pieces.store.commit(ContainerCatalog.SPACE, ContainerCatalog.partition(ACCOUNT), List.of(
                RecordMutation.put(ContainerCatalog.containerRow("legacy"), ContainerCatalog.value(7, drawn,
                        properties, AccessPolicies.empty()), Precondition.MUST_NOT_EXIST))))
                .isInstanceOf(CommitOutcome.Applied.class);

        BlobProperties blob = pieces.blobs.put(ACCOUNT, "legacy", "doc", NewBlob.of(BlobType.BLOCK_BLOB,
                pieces.content("old"), 3, ContentHeaders.NONE, Map.of()), Conditions.NONE);
        containers.create(ACCOUNT, "fresh", Map.of(), PublicAccess.NONE);

        assertThat(instance("legacy")).isEqualTo(drawn);
        assertThat(pieces.text(pieces.blobs.get(ACCOUNT, "legacy", "doc", BlobProperties.BASE, null))).isEqualTo("old");
        containers.delete(ACCOUNT, "legacy", Conditions.NONE);
        assertThat(pieces.exists(blob.segments().get(0).content())).isFalse();
        assertThat(containers.list(ACCOUNT, "", Optional.empty(), 10).containers())
                .extracting(ContainerProperties::name).containsExactly("fresh", CONTAINER);
    }
}
