package io.cerulean.queue.messages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.layout.RandomIds;
import io.cerulean.queue.service.ManualClock;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A message's rows and every change of them, each conditional on the state read, on the memory store. */
class MessageRowsTest {
    private static final long INSTANCE = 42;

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T10:00:00Z"));
    private final long now = clock.millis();
    private final MemoryKeyValueStore store = new MemoryKeyValueStore();
    private final MessageRows rows = new MessageRows(store, clock, new MessageFloors(true));

    @AfterEach
    void close() {
        store.close();
    }

    private static void assertFails(ThrowingCallable call, ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(code));
    }

    private StoredMessage stored(int bucket, long expires) {
        StoredMessage message = TestMessages.inBucket(bucket, now, 0, expires, "text");
        assertThat(rows.insert(INSTANCE, message)).isTrue();
        return message;
    }

    private static String receipt(StoredMessage message) {
        return MessageAnswers.receipt(message).encode();
    }

    /** The same message, visible at another time, at a new version. */
    private StoredMessage movedTo(StoredMessage from, long visibleAt) {
        return new StoredMessage(from.id(), new Position(visibleAt, from.position().sequence()), RandomIds.next(),
                from.inserted(), from.expires(), from.dequeueCount() + 1, from.text());
    }

    private long records() {
        long count = 0;
        try (RecordCursor cursor = store.scan(MessageLayout.space(INSTANCE), RecordRange.all())) {
            while (cursor.advance()) {
                count++;
            }
        }
        return count;
    }

    @Test
    void theCurrentMessageIsTheOneItsLatestReceiptNames() {
        StoredMessage message = stored(5, Long.MAX_VALUE);
        assertThat(rows.current(INSTANCE, message.id(), receipt(message))).isEqualTo(message);
        StoredMessage moved = movedTo(message, now + 30_000);
        assertThat(rows.move(INSTANCE, message, moved)).isTrue();
        assertThat(rows.current(INSTANCE, message.id(), receipt(moved))).isEqualTo(moved);
        assertFails(() -> rows.current(INSTANCE, message.id(), receipt(message)), QueueError.POP_RECEIPT_MISMATCH);
        assertFails(() -> rows.current(INSTANCE, message.id(), "not a receipt"), QueueError.POP_RECEIPT_MISMATCH);
        String sameRowOtherVersion = new PopReceipt(moved.position(), moved.version() + 1).encode();
        assertFails(() -> rows.current(INSTANCE, message.id(), sameRowOtherVersion), QueueError.POP_RECEIPT_MISMATCH);
        assertFails(() -> rows.current(INSTANCE, UUID.randomUUID(), receipt(moved)), QueueError.MESSAGE_NOT_FOUND);
        assertFails(() -> rows.current(INSTANCE + 1, message.id(), receipt(moved)), QueueError.MESSAGE_NOT_FOUND);
    }

    @Test
    void anExpiredMessageIsNotFoundWhateverTheReceipt() {
        StoredMessage message = stored(5, now + 10_000);
        clock.advance(Duration.ofSeconds(10));
        assertFails(() -> rows.current(INSTANCE, message.id(), receipt(message)), QueueError.MESSAGE_NOT_FOUND);
        assertFails(() -> rows.current(INSTANCE, message.id(), "not a receipt"), QueueError.MESSAGE_NOT_FOUND);
    }

    @Test
    void aChangeFromAStateNoLongerStoredChangesNothing() {
        StoredMessage message = stored(5, Long.MAX_VALUE);
        StoredMessage first = movedTo(message, now + 1_000);
        assertThat(rows.move(INSTANCE, message, first)).isTrue();
        assertThat(rows.move(INSTANCE, message, movedTo(message, now + 2_000))).as("another writer got there first").isFalse();
        assertThat(rows.remove(INSTANCE, message)).isFalse();
        assertThat(rows.current(INSTANCE, message.id(), receipt(first))).isEqualTo(first);
        assertThat(records()).as("its id row and one message row").isEqualTo(2);
        assertThat(rows.remove(INSTANCE, first)).isTrue();
        assertThat(records()).isZero();
    }

    @Test
    void aNewMessageIdIsWrittenOnce() {
        StoredMessage message = stored(5, Long.MAX_VALUE);
        assertThat(rows.insert(INSTANCE, movedTo(message, now))).isFalse();
        assertThat(rows.current(INSTANCE, message.id(), receipt(message))).isEqualTo(message);
    }

    @Test
    void removingManyRemovesThemAllInBoundedCommitsAcrossBuckets() {
        List<StoredMessage> messages = new ArrayList<>();
        for (int i = 0; i < 3 * MessageRows.REMOVALS_PER_COMMIT + 5; i++) {
            messages.add(stored(i % 3, Long.MAX_VALUE));
        }
        rows.removeAll(INSTANCE, messages);
        assertThat(records()).isZero();
    }

    @Test
    void aBatchHoldingOneMessageChangedMeanwhileRemovesNoneOfItsMessages() {
        List<StoredMessage> messages = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            messages.add(stored(0, Long.MAX_VALUE));
        }
        StoredMessage other = stored(1, Long.MAX_VALUE);
        messages.add(other);
        assertThat(rows.move(INSTANCE, messages.get(1), movedTo(messages.get(1), now + 5_000))).isTrue();
        rows.removeAll(INSTANCE, messages);
        assertThat(records()).as("bucket 0's three messages kept, bucket 1's removed").isEqualTo(6);
        assertFails(() -> rows.current(INSTANCE, other.id(), receipt(other)), QueueError.MESSAGE_NOT_FOUND);
        assertThat(rows.current(INSTANCE, messages.get(0).id(), receipt(messages.get(0)))).isEqualTo(messages.get(0));
    }
}
