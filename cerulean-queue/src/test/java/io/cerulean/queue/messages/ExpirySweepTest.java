package io.cerulean.queue.messages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.queue.service.ManualClock;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The sweep of expired messages over the instances a listing names, on the memory store. */
class ExpirySweepTest {
    private static final long LISTED = 42;
    private static final long UNLISTED = 43;
    private static final Optional<Duration> BRIEF = Optional.of(Duration.ofSeconds(5));

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T10:00:00Z"));
    private final MemoryKeyValueStore store = new MemoryKeyValueStore();
    private final MessageFloors floors = new MessageFloors(true);
    private final MessageRows rows = new MessageRows(store, clock, floors);
    private final Messages messages = new Messages(store, clock, floors, new VisibleMessages(store, floors), rows);
    private final ExpirySweep sweep = new ExpirySweep(store, clock, floors, rows);

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void expiredVisibleMessagesOfTheListedInstancesAreRemovedAndNothingElse() {
        for (int i = 0; i < 10; i++) {
            messages.put(LISTED, "brief" + i, Duration.ZERO, BRIEF);
            messages.put(UNLISTED, "brief" + i, Duration.ZERO, BRIEF);
        }
        messages.put(LISTED, "live", Duration.ZERO, Optional.of(Expiry.DEFAULT_TIME_TO_LIVE));
        messages.put(LISTED, "hidden", Duration.ofSeconds(60), Optional.of(Duration.ofSeconds(30)));
        assertThat(sweep.sweep(() -> List.of(LISTED))).as("nothing expired yet").isZero();
        clock.advance(Duration.ofSeconds(5));
        assertThat(sweep.sweep(() -> List.of(LISTED))).isEqualTo(10);
        assertThat(messages.count(LISTED)).as("the live one and the hidden one").isEqualTo(2);
        assertThat(messages.count(UNLISTED)).isEqualTo(10);
        assertThat(sweep.sweep(() -> List.of(LISTED))).isZero();
        clock.advance(Duration.ofSeconds(60));
        assertThat(sweep.sweep(() -> List.of(LISTED))).as("the hidden one, once visible").isEqualTo(1);
        assertThat(messages.count(LISTED)).isEqualTo(1);
        assertThat(messages.peek(LISTED, 32)).extracting(QueueMessage::text).containsExactly("live");
    }

    @Test
    void oneSweepRemovesABoundedNumberFromEachBucket() {
        int many = ExpirySweep.SWEPT_PER_BUCKET + 76;
        for (int i = 0; i < many; i++) {
            StoredMessage message = TestMessages.inBucket(3, clock.millis(), i, clock.millis() + 1, "m" + i);
            assertThat(rows.insert(LISTED, message)).isTrue();
        }
        clock.advance(Duration.ofSeconds(1));
        assertThat(sweep.sweep(() -> List.of(LISTED))).isEqualTo(ExpirySweep.SWEPT_PER_BUCKET);
        assertThat(sweep.sweep(() -> List.of(LISTED))).isEqualTo(76);
        assertThat(messages.count(LISTED)).isZero();
    }

    @Test
    void theFloorsOfInstancesNoQueueNamesAreForgotten() {
        messages.peek(LISTED, 32); // a read gives every bucket a floor
        messages.peek(UNLISTED, 32);
        sweep.sweep(() -> List.of(LISTED));
        for (int bucket = 0; bucket < MessageLayout.BUCKETS; bucket++) {
            assertThat(floors.bucket(LISTED, bucket).floor()).isPresent();
            assertThat(floors.bucket(UNLISTED, bucket).floor()).isEmpty();
        }
    }
}
