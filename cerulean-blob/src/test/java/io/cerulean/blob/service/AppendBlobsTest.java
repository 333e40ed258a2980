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

class AppendBlobsTest {
    private final BlobPieces pieces = new BlobPieces();

    @BeforeEach
    void log() {
        pieces.blobs.put(ACCOUNT, CONTAINER, "log", NewBlob.of(BlobType.APPEND_BLOB, null, 0, ContentHeaders.NONE,
                Map.of("k", "v")), Conditions.NONE);
    }

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobProperties append(String text, Conditions conditions, AppendConditions append) {
        return pieces.appends.append(ACCOUNT, CONTAINER, "log", pieces.content(text), text.length(), conditions,
                append);
    }

    @Test
    void eachBlockGoesAtTheEndAndCountsAsOne() {
        BlobProperties before = pieces.blobs.get(ACCOUNT, CONTAINER, "log", BlobProperties.BASE, null);
        append("one,", Conditions.NONE, AppendConditions.NONE);
        BlobProperties log = append("two", Conditions.NONE, new AppendConditions(4L, 7L));

        assertThat(pieces.text(log)).isEqualTo("one,two");
        assertThat(log.committedBlockCount()).isEqualTo(2);
        assertThat(log.etag()).isGreaterThan(before.etag());
        assertThat(log.metadata()).as("kept").containsExactly(Map.entry("k", "v"));
        assertThat(log.created()).isEqualTo(before.created());
    }

    @Test
    void itsOwnConditionsAndTheBlobsAreHeldAndARefusedBlocksBytesGo() {
        append("12345", Conditions.NONE, AppendConditions.NONE);
        ContentId refused = pieces.content("x");

        assertFails(() -> pieces.appends.append(ACCOUNT, CONTAINER, "log", refused, 1, Conditions.NONE,
                new AppendConditions(4L, null)), BlobError.APPEND_POSITION_CONDITION_NOT_MET);
        assertFails(() -> append("x", Conditions.NONE, new AppendConditions(null, 5L)),
                BlobError.MAX_BLOB_SIZE_CONDITION_NOT_MET);
        assertFails(() -> append("x", new Conditions(List.of("\"0x1\""), null, null, null), AppendConditions.NONE),
                BlobError.CONDITION_NOT_MET);
        assertThat(pieces.exists(refused)).isFalse();
        assertThat(pieces.text("log")).isEqualTo("12345");
    }

    @Test
    void onlyAnAppendBlobThatExistsTakesBlocks() {
        pieces.put("doc", "block");

        assertFails(() -> pieces.appends.append(ACCOUNT, CONTAINER, "doc", pieces.content("x"), 1, Conditions.NONE,
                AppendConditions.NONE), BlobError.INVALID_BLOB_TYPE);
        assertFails(() -> pieces.appends.append(ACCOUNT, CONTAINER, "none", pieces.content("x"), 1,
                Conditions.NONE, AppendConditions.NONE), BlobError.BLOB_NOT_FOUND);
    }
}
