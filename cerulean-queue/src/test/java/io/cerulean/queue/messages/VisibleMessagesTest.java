package io.cerulean.queue.messages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The first visible messages of an instance, read bucket by bucket from their floors, on the memory store. */
class VisibleMessagesTest {
    private static final long INSTANCE = 42;
    private static final long NOW = 1_800_000_000_000L;
    private static final long NEVER = Long.MAX_VALUE;

    private final MemoryKeyValueStore memory = new MemoryKeyValueStore();
    private final AtomicInteger bucketsRead = new AtomicInteger();
    private final ForwardingKeyValueStore store = new ForwardingKeyValueStore(memory) {
        @Override
        public RecordCursor scan(Space space, RecordRange range) {
            if (space.keySpace().equals(KeySpaces.QUEUE_MESSAGES)) {
                bucketsRead.incrementAndGet();
            }
            return super.scan(space, range);
        }
    };
    private final MessageFloors floors = new MessageFloors(true);
    private final MessageRows rows = new MessageRows(store, Clock.systemUTC(), floors);
    private final VisibleMessages visible = new VisibleMessages(store, floors);

    @AfterEach
    void close() {
        memory.close();
    }

    private StoredMessage insert(int bucket, long visibleAt, long expires, String text) {
        StoredMessage message = TestMessages.inBucket(bucket, visibleAt, 0, expires, text);
        assertThat(rows.insert(INSTANCE, message)).isTrue();
        return message;
    }

    private static List<String> texts(List<StoredMessage> messages) {
        return messages.stream().map(StoredMessage::text).toList();
    }

    @Test
    void theVisibleMessagesOfEveryBucketComeInTheOrderTheyBecameVisible() {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            insert((i * 7) % MessageLayout.BUCKETS, NOW - 1000 + i, NEVER, "m" + i);
            expected.add("m" + i);
        }
        insert(3, NOW + 1, NEVER, "not yet visible");
        assertThat(texts(visible.first(INSTANCE, NOW, 40, 40))).containsExactlyElementsOf(expected);
        assertThat(texts(visible.first(INSTANCE, NOW, 3, 3))).as("at least the first three").startsWith("m0", "m1", "m2")
                .doesNotContain("not yet visible");
        assertThat(texts(visible.first(INSTANCE, NOW + 1, 41, 41))).endsWith("not yet visible");
    }

    @Test
    void expiredMessagesMetBeforeTheWantedOnesAreAnsweredBesideThem() {
        for (int i = 0; i < 5; i++) {
            insert(0, NOW - 100 + i, NOW - 1, "expired" + i);
        }
        insert(0, NOW - 10, NEVER, "live");
        List<StoredMessage> found = visible.first(INSTANCE, NOW, 1, 1);
        assertThat(texts(found)).containsExactly("expired0", "expired1", "expired2", "expired3", "expired4", "live");
    }

    @Test
    void aReadStopsAtTheBucketsThatCannotHoldTheFirstMessagesWanted() {
        for (int bucket = 0; bucket < MessageLayout.BUCKETS; bucket++) {
            insert(bucket, NOW - 1000 + bucket * 10, NEVER, "b" + bucket);
        }
        visible.first(INSTANCE, NOW, 1, 1); // every bucket read once: each now has a floor at its first message
        bucketsRead.set(0);
        assertThat(texts(visible.first(INSTANCE, NOW, 1, 1))).startsWith("b0");
        assertThat(bucketsRead.get()).as("buckets read for the first message").isEqualTo(1);
    }

    @Test
    void anEmptyInstanceHasNoVisibleMessages() {
        assertThat(visible.first(INSTANCE, NOW, 32, 32)).isEmpty();
    }
}
