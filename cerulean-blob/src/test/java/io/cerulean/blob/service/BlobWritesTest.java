package io.cerulean.blob.service;

import static io.cerulean.blob.service.BlobPieces.ACCOUNT;
import static io.cerulean.blob.service.BlobPieces.CONTAINER;
import static io.cerulean.blob.service.BlobPieces.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.common.error.CommonError;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BlobWritesTest {
    private final BlobPieces pieces = new BlobPieces();

    @AfterEach
    void close() {
        pieces.close();
    }

    /** A write that sets the blob's metadata, after letting {@code meanwhile} run on its first attempt. */
    private BlobProperties tag(String value, AtomicInteger attempts, Runnable meanwhile) {
        return pieces.writes.write(ACCOUNT, CONTAINER, "doc", (partition, now) -> {
            if (attempts.incrementAndGet() == 1) {
                meanwhile.run();
            }
            BlobProperties old = partition.existing();
            return partition.setBlob(new BlobProperties(old.name(), old.snapshot(), old.type(), old.etag() + 1,
                    old.created(), now, old.contentLength(), old.headers(), Map.of("tag", value), old.segments(),
                    old.lease(), old.copy(), old.sequenceNumber()));
        });
    }

    @Test
    void aWriteThatLostARaceReadsAgainAndKeepsWhatTheOtherWrote() {
        pieces.put("doc", "first");
        AtomicInteger attempts = new AtomicInteger();

        BlobProperties written = tag("mine", attempts, () -> pieces.put("doc", "theirs"));

        assertThat(attempts).hasValue(2);
        assertThat(written.metadata()).containsEntry("tag", "mine");
        assertThat(pieces.text("doc")).as("the other writer's bytes, not undone").isEqualTo("theirs");
    }

    @Test
    void aWriteThatLosesEveryTimeIsServerBusy() {
        pieces.put("doc", "first");
        AtomicInteger attempts = new AtomicInteger();

        assertFails(() -> pieces.writes.write(ACCOUNT, CONTAINER, "doc", (partition, now) -> {
            attempts.incrementAndGet();
            pieces.put("doc", "another"); // always someone faster
            return partition.setBlob(partition.existing().withLease(partition.existing().lease()));
        }), CommonError.SERVER_BUSY);
        assertThat(attempts).hasValue(Writes.MAX_ATTEMPTS);
    }

    @Test
    void aWriteThatChangesNothingCommitsNothing() {
        pieces.put("doc", "first");
        pieces.store.resetCounts();

        String answer = pieces.writes.write(ACCOUNT, CONTAINER, "doc", (partition, now) -> "read only");

        assertThat(answer).isEqualTo("read only");
        assertThat(pieces.store.commits).hasValue(0);
    }

    @Test
    void aWriteToAContainerThatIsNotThereIsContainerNotFound() {
        assertFails(() -> pieces.writes.write(ACCOUNT, "missing", "doc", (partition, now) -> null),
                BlobError.CONTAINER_NOT_FOUND);
    }
}
