package io.cerulean.queue.messages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.queue.service.ManualClock;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Get Messages on one messages instance, on the memory store: what is taken, in what order, and races lost. */
class DequeuerTest {
    private static final long INSTANCE = 42;
    private static final Optional<Duration> WEEK = Optional.of(Expiry.DEFAULT_TIME_TO_LIVE);
    private static final Duration HIDDEN = Duration.ofSeconds(30);

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T10:00:00Z"));
    private final MemoryKeyValueStore memory = new MemoryKeyValueStore();
    /** Run once before the next commit of a message, then forgotten; null for none. */
    private volatile Runnable beforeNextCommit;
    private final KeyValueStore store = new ForwardingKeyValueStore(memory) {
        @Override
        public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
            Runnable hook = beforeNextCommit;
            if (hook != null && space.keySpace().equals(KeySpaces.QUEUE_MESSAGES)) {
                beforeNextCommit = null;
                hook.run();
            }
            return super.commit(space, partition, mutations);
        }
    };

    /** A server's message operations on the store: its own floors, as each server has. */
    private record Server(Messages messages, Dequeuer dequeuer) {
    }

    private Server server(boolean exclusive) {
        MessageFloors floors = new MessageFloors(exclusive);
        VisibleMessages visible = new VisibleMessages(store, floors);
        MessageRows rows = new MessageRows(store, clock, floors);
        return new Server(new Messages(store, clock, floors, visible, rows), new Dequeuer(clock, floors, visible, rows));
    }

    @AfterEach
    void close() {
        memory.close();
    }

    private static List<String> texts(List<QueueMessage> answers) {
        return answers.stream().map(QueueMessage::text).toList();
    }

    @Test
    void theFirstVisibleMessagesAreTakenInOrderHiddenCountedAndGivenNewReceipts() {
        Server server = server(true);
        List<QueueMessage> put = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            put.add(server.messages().put(INSTANCE, "m" + i, Duration.ZERO, WEEK));
        }
        List<QueueMessage> taken = server.dequeuer().take(INSTANCE, 3, HIDDEN);
        assertThat(texts(taken)).containsExactly("m0", "m1", "m2");
        for (int i = 0; i < 3; i++) {
            assertThat(taken.get(i).messageId()).isEqualTo(put.get(i).messageId());
            assertThat(taken.get(i).dequeueCount()).isEqualTo(1);
            assertThat(taken.get(i).timeNextVisible()).isEqualTo(clock.instant().plus(HIDDEN));
            assertThat(taken.get(i).popReceipt()).isNotEqualTo(put.get(i).popReceipt());
        }
        assertThat(texts(server.dequeuer().take(INSTANCE, 32, HIDDEN))).containsExactly("m3", "m4");
        assertThat(server.dequeuer().take(INSTANCE, 32, HIDDEN)).isEmpty();
        clock.advance(HIDDEN);
        assertThat(server.dequeuer().take(INSTANCE, 32, HIDDEN)).extracting(QueueMessage::dequeueCount)
                .containsOnly(2L).hasSize(5);
    }

    @Test
    void expiredMessagesMetAreRemovedAndNeverTaken() {
        Server server = server(true);
        for (int i = 0; i < 10; i++) {
            server.messages().put(INSTANCE, "brief" + i, Duration.ZERO, Optional.of(Duration.ofSeconds(1)));
        }
        server.messages().put(INSTANCE, "live", Duration.ofSeconds(1), WEEK);
        clock.advance(Duration.ofSeconds(1));
        assertThat(texts(server.dequeuer().take(INSTANCE, 32, HIDDEN))).containsExactly("live");
        assertThat(server.messages().count(INSTANCE)).isEqualTo(1);
    }

    /** Another server takes the message this one found first, between this one's read and its commit. */
    @Test
    void aMessageLostToAnotherServerIsPassedOverForTheNext() {
        Server here = server(false);
        Server there = server(false);
        for (int i = 0; i < 3; i++) {
            here.messages().put(INSTANCE, "m" + i, Duration.ZERO, WEEK);
        }
        List<QueueMessage> takenThere = new ArrayList<>();
        beforeNextCommit = () -> takenThere.addAll(there.dequeuer().take(INSTANCE, 1, HIDDEN));
        List<QueueMessage> takenHere = here.dequeuer().take(INSTANCE, 1, HIDDEN);
        assertThat(texts(takenThere)).containsExactly("m0");
        assertThat(texts(takenHere)).containsExactly("m1");
        assertThat(texts(here.dequeuer().take(INSTANCE, 32, HIDDEN))).containsExactly("m2");
    }

    @Test
    void afterALostRaceOnASharedStoreWhatIsTakenIsStillAnsweredInTheOrderItBecameVisible() {
        Server server = server(false);
        List<String> expected = IntStream.range(0, 20).mapToObj(i -> "m" + i).toList();
        for (String text : expected) {
            server.messages().put(INSTANCE, text, Duration.ZERO, WEEK);
        }
        server.dequeuer().lostARace();
        assertThat(texts(server.dequeuer().take(INSTANCE, 20, HIDDEN))).containsExactlyElementsOf(expected);
    }

    @Test
    void foundMessagesAreTriedAtRandomOnlyOnASharedStoreWhileRacesAreBeingLost() {
        Server exclusive = server(true);
        Server shared = server(false);
        List<StoredMessage> found = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            found.add(TestMessages.inBucket(i % 16, clock.millis(), i, Long.MAX_VALUE, "m" + i));
        }
        assertThat(shared.dequeuer().inTakingOrder(found)).as("no race lost lately").isSameAs(found);
        exclusive.dequeuer().lostARace();
        assertThat(exclusive.dequeuer().inTakingOrder(found)).as("no other server takes messages").isSameAs(found);
        shared.dequeuer().lostARace();
        List<StoredMessage> tried = shared.dequeuer().inTakingOrder(found);
        assertThat(tried).containsExactlyInAnyOrderElementsOf(found).isNotEqualTo(found);
    }
}
