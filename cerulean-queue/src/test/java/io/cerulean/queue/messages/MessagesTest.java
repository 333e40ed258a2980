package io.cerulean.queue.messages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.queue.service.ManualClock;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Put, Peek, Update and Delete Message on one messages instance, on the memory store. */
class MessagesTest {
    private static final long INSTANCE = 42;
    private static final Optional<Duration> WEEK = Optional.of(Expiry.DEFAULT_TIME_TO_LIVE);

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T10:00:00Z"));
    private final MemoryKeyValueStore store = new MemoryKeyValueStore();
    private final Messages messages = messages(new MessageFloors(true));

    private Messages messages(MessageFloors floors) {
        return new Messages(store, clock, floors, new VisibleMessages(store, floors), new MessageRows(store, clock, floors));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static void assertFails(ThrowingCallable call, ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(code));
    }

    private QueueMessage put(String text) {
        return messages.put(INSTANCE, text, Duration.ZERO, WEEK);
    }

    private static List<String> texts(List<QueueMessage> answers) {
        return answers.stream().map(QueueMessage::text).toList();
    }

    @Test
    void aPutMessageIsAnsweredWithItsTimesAndAReceiptThatDeletesIt() {
        QueueMessage put = messages.put(INSTANCE, "hello", Duration.ofSeconds(5), Optional.of(Duration.ofMinutes(1)));
        assertThat(UUID.fromString(put.messageId()).toString()).isEqualTo(put.messageId());
        assertThat(put.insertionTime()).isEqualTo(clock.instant());
        assertThat(put.timeNextVisible()).isEqualTo(clock.instant().plusSeconds(5));
        assertThat(put.expirationTime()).isEqualTo(clock.instant().plusSeconds(60));
        assertThat(put.dequeueCount()).isZero();
        assertThat(messages.count(INSTANCE)).isEqualTo(1);
        messages.delete(INSTANCE, put.messageId(), put.popReceipt());
        assertThat(messages.count(INSTANCE)).isZero();
        assertFails(() -> messages.delete(INSTANCE, put.messageId(), put.popReceipt()), QueueError.MESSAGE_NOT_FOUND);
    }

    @Test
    void messagesPutInOneMillisecondArePeekedInTheOrderTheyWerePut() {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            put("m" + i);
            expected.add("m" + i);
        }
        assertThat(texts(messages.peek(INSTANCE, 32))).containsExactlyElementsOf(expected.subList(0, 32));
        assertThat(texts(messages.peek(INSTANCE, 32))).as("a peek changes nothing")
                .containsExactlyElementsOf(expected.subList(0, 32));
    }

    @Test
    void aPeekShowsNeitherInvisibleNorExpiredMessages() {
        messages.put(INSTANCE, "later", Duration.ofSeconds(10), WEEK);
        messages.put(INSTANCE, "brief", Duration.ZERO, Optional.of(Duration.ofSeconds(5)));
        put("now");
        assertThat(texts(messages.peek(INSTANCE, 32))).containsExactly("brief", "now");
        clock.advance(Duration.ofSeconds(10));
        assertThat(texts(messages.peek(INSTANCE, 32))).containsExactly("now", "later");
        assertThat(texts(messages.peek(INSTANCE, 1))).containsExactly("now");
        assertThat(messages.count(INSTANCE)).as("the expired one is counted until removed").isEqualTo(3);
    }

    @Test
    void anUpdateMovesTheMessageKeepsItsCountAndExpiryAndRetiresTheReceipt() {
        QueueMessage put = put("draft");
        PopReceipt updated = messages.update(INSTANCE, put.messageId(), put.popReceipt(), Duration.ofSeconds(30),
                Optional.of("final"));
        assertThat(updated.position().visibleAt()).isEqualTo(clock.millis() + 30_000);
        assertThat(messages.peek(INSTANCE, 1)).isEmpty();
        assertFails(() -> messages.delete(INSTANCE, put.messageId(), put.popReceipt()), QueueError.POP_RECEIPT_MISMATCH);
        clock.advance(Duration.ofSeconds(30));
        QueueMessage peeked = messages.peek(INSTANCE, 1).get(0);
        assertThat(peeked.text()).isEqualTo("final");
        assertThat(peeked.dequeueCount()).isZero();
        assertThat(peeked.expirationTime()).isEqualTo(put.expirationTime());
        assertThat(peeked.popReceipt()).isEqualTo(updated.encode());
        messages.update(INSTANCE, put.messageId(), updated.encode(), Duration.ZERO, Optional.empty());
        assertThat(messages.peek(INSTANCE, 1).get(0).text()).as("the text kept when none is given").isEqualTo("final");
    }

    @Test
    void anUpdateMayNotHideAMessagePastItsExpiry() {
        QueueMessage put = messages.put(INSTANCE, "brief", Duration.ZERO, Optional.of(Duration.ofSeconds(60)));
        assertFails(() -> messages.update(INSTANCE, put.messageId(), put.popReceipt(), Duration.ofSeconds(61),
                Optional.empty()), CommonError.INVALID_QUERY_PARAMETER_VALUE);
        assertThat(messages.peek(INSTANCE, 1).get(0).popReceipt()).as("unchanged").isEqualTo(put.popReceipt());
    }

    @Test
    void anIdCeruleanCouldNotHaveIssuedNamesNoMessage() {
        QueueMessage put = put("x");
        for (String id : List.of("not-a-guid", put.messageId() + "0", "", UUID.randomUUID().toString())) {
            assertFails(() -> messages.delete(INSTANCE, id, put.popReceipt()), QueueError.MESSAGE_NOT_FOUND);
            assertFails(() -> messages.update(INSTANCE, id, put.popReceipt(), Duration.ZERO, Optional.empty()),
                    QueueError.MESSAGE_NOT_FOUND);
        }
        messages.delete(INSTANCE, put.messageId().toUpperCase(), put.popReceipt());
        assertThat(messages.count(INSTANCE)).as("ids compare without regard to case").isZero();
    }

    @Test
    void aDropTakesEveryMessageVisibleOrNotAndTheFloorsWithThem() {
        MessageFloors floors = new MessageFloors(true);
        Messages dropping = messages(floors);
        dropping.put(INSTANCE, "a", Duration.ZERO, WEEK);
        dropping.put(INSTANCE, "hidden", Duration.ofHours(1), WEEK);
        dropping.peek(INSTANCE, 32); // gives the buckets read a floor
        dropping.drop(INSTANCE);
        assertThat(dropping.count(INSTANCE)).isZero();
        try (RecordCursor cursor = store.scan(MessageLayout.space(INSTANCE), RecordRange.all())) {
            assertThat(cursor.advance()).isFalse();
        }
        for (int bucket = 0; bucket < MessageLayout.BUCKETS; bucket++) {
            assertThat(floors.bucket(INSTANCE, bucket).floor()).isEmpty();
        }
    }
}
