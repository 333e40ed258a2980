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
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PageBlobsTest {
    private static final String PAGE_A = "a".repeat(512);
    private static final String PAGE_B = "b".repeat(512);
    private static final String ZEROS = "\0".repeat(512);

    private final BlobPieces pieces = new BlobPieces();

    @BeforeEach
    void disk() {
        pieces.blobs.put(ACCOUNT, CONTAINER, "disk", new NewBlob(BlobType.PAGE_BLOB, null, 2048, ContentHeaders.NONE,
                Map.of(), 5, null, Map.of()), Conditions.NONE);
    }

    @AfterEach
    void close() {
        pieces.close();
    }

    private BlobProperties write(long offset, ContentId content, long length, SequenceConditions sequence) {
        return pieces.pages.put(ACCOUNT, CONTAINER, "disk", offset, length, content, Conditions.NONE, sequence);
    }

    @Test
    void pagesWrittenAndClearedReadBackInPlaceWithZerosAround() {
        write(512, pieces.content(PAGE_A + PAGE_A), 1024, SequenceConditions.NONE);
        write(1024, pieces.content(PAGE_B), 512, SequenceConditions.NONE);
        BlobProperties disk = write(512, null, 512, SequenceConditions.NONE);

        assertThat(pieces.text(disk)).isEqualTo(ZEROS + ZEROS + PAGE_B + ZEROS);
        assertThat(disk.contentLength()).isEqualTo(2048);
        assertThat(disk.sequenceNumber()).as("Put Page leaves the sequence number").isEqualTo(5);
    }

    @Test
    void bytesNoPageNamesAnyMoreAreReleased() {
        ContentId first = pieces.content(PAGE_A);
        write(0, first, 512, SequenceConditions.NONE);

        write(0, pieces.content(PAGE_B), 512, SequenceConditions.NONE);

        assertThat(pieces.exists(first)).isFalse();
    }

    @Test
    void theSequenceNumberConditionsAreHeld() {
        assertFails(() -> write(0, null, 512, new SequenceConditions(4L, null, null)),
                BlobError.SEQUENCE_NUMBER_CONDITION_NOT_MET);
        assertFails(() -> write(0, null, 512, new SequenceConditions(null, 5L, null)),
                BlobError.SEQUENCE_NUMBER_CONDITION_NOT_MET);
        assertFails(() -> write(0, null, 512, new SequenceConditions(null, null, 6L)),
                BlobError.SEQUENCE_NUMBER_CONDITION_NOT_MET);
        write(0, null, 512, new SequenceConditions(5L, 6L, 5L));
    }

    @Test
    void pagesPastTheEndOrOnAnotherTypeOfBlobAreRefusedAndTheirBytesGo() {
        ContentId past = pieces.content(PAGE_A);
        assertFails(() -> write(2048, past, 512, SequenceConditions.NONE), BlobError.INVALID_PAGE_RANGE);
        assertThat(pieces.exists(past)).isFalse();

        pieces.put("doc", "block");
        assertFails(() -> pieces.pages.put(ACCOUNT, CONTAINER, "doc", 0, 512, null, Conditions.NONE,
                SequenceConditions.NONE), BlobError.INVALID_BLOB_TYPE);
        assertFails(() -> pieces.pages.put(ACCOUNT, CONTAINER, "none", 0, 512, null, Conditions.NONE,
                SequenceConditions.NONE), BlobError.BLOB_NOT_FOUND);
    }
}
