package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.storage.content.ContentId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SealedAppendBlobsTest {
    private final BlobPieces pieces = new BlobPieces();

    @BeforeEach
    void log() {
        pieces.blobs.put(ACCOUNT, CONTAINER, "log", NewBlob.of(BlobType.APPEND_BLOB, null, 0, ContentHeaders.NONE,
                Map.of()), Conditions.NONE);
        pieces.appends.append(ACCOUNT, CONTAINER, "log", pieces.content("12345"), 5, Conditions.NONE,
                AppendConditions.NONE);
    }

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobProperties seal(Conditions conditions, Long appendPosition) {
        return pieces.appends.seal(ACCOUNT, CONTAINER, "log", conditions, appendPosition);
    }

    @Test
    void aSealedBlobTakesNoMoreBlocksAndKeepsItsBytes() {
        BlobProperties before = pieces.blobs.get(ACCOUNT, CONTAINER, "log", BlobProperties.BASE, null);
        BlobProperties sealed = seal(Conditions.NONE, 5L);
        ContentId refused = pieces.content("x");

        assertFails(() -> pieces.appends.append(ACCOUNT, CONTAINER, "log", refused, 1, Conditions.NONE,
                AppendConditions.NONE), BlobError.BLOB_IS_SEALED);
        assertThat(sealed.sealed()).isTrue();
        assertThat(sealed.etag()).isNotEqualTo(before.etag());
        assertThat(pieces.exists(refused)).isFalse();
        assertThat(pieces.text("log")).isEqualTo("12345");
        assertThat(seal(Conditions.NONE, null).etag()).as("sealed again: unchanged").isEqualTo(sealed.etag());
    }

    @Test
    void aSealedBlobCarriesItsSealIntoASnapshotAndLosesItWhenReplaced() {
        seal(Conditions.NONE, null);

        BlobProperties snapshot = pieces.blobs.snapshot(ACCOUNT, CONTAINER, "log", Map.of(), Conditions.NONE);
        BlobProperties replaced = pieces.blobs.put(ACCOUNT, CONTAINER, "log", NewBlob.of(BlobType.APPEND_BLOB, null,
                0, ContentHeaders.NONE, Map.of()), Conditions.NONE);

        assertThat(snapshot.sealed()).isTrue();
        assertThat(replaced.sealed()).isFalse();
    }

    @Test
    void itsConditionsAreHeldAndOnlyAnAppendBlobIsSealed() {
        assertFails(() -> seal(Conditions.NONE, 4L), BlobError.APPEND_POSITION_CONDITION_NOT_MET);
        assertFails(() -> seal(new Conditions(List.of("\"0x1\""), null, null, null), null),
                BlobError.CONDITION_NOT_MET);
        pieces.put("doc", "block");
        assertFails(() -> pieces.appends.seal(ACCOUNT, CONTAINER, "doc", Conditions.NONE, null),
                BlobError.INVALID_BLOB_TYPE);
        assertFails(() -> pieces.appends.seal(ACCOUNT, CONTAINER, "none", Conditions.NONE, null),
                BlobError.BLOB_NOT_FOUND);
        assertThat(pieces.blobs.get(ACCOUNT, CONTAINER, "log", BlobProperties.BASE, null).sealed()).isFalse();
    }
}
