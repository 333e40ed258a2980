package io.cerulean.queue.messages;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.layout.RandomIds;
import io.cerulean.queue.model.QueueMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Get Messages: takes the first visible messages of a queue, each made invisible for a while, its
 * dequeue count one higher and a new pop receipt. Taking a message is a conditional commit on the
 * version read ({@link MessageRows#move}), so of two consumers, on this server or others, one wins
 * and the other moves on to the next message it found. Expired messages met on the way are
 * removed. Thread-safe; the Queue service's hottest path, kept free of reads beyond the scans of
 * {@link VisibleMessages} and the commits of what it takes.
 */
public final class Dequeuer {
    /** Rounds of Get Messages when other consumers took the messages it found first. */
    private static final int GET_ROUNDS = 4;
    /**
     * Visible messages a Get Messages reads beyond those it asks for in each bucket it reads, to
     * move on to when other consumers took the first ones (those on this server it skips without a
     * race): a message or two further from the queue's head, rather than another round of reads.
     */
    private static final int CANDIDATES_BEYOND = 8;
    /**
     * How long after a lost race a Get Messages on a shared store tries the messages it found in a
     * random order rather than in order: consumers on other servers, which this one cannot see, then
     * spread over the head of the queue instead of racing in step for the same messages (on
     * Cassandra, two conditional writes contending for one row cost each far more than two apart).
     */
    private static final long CONTENDED_FOR_NANOS = 1_000_000_000L;
    private static final Comparator<StoredMessage> FOUND_ORDER = Comparator
            .comparing(StoredMessage::position, MessageLayout.ORDER).thenComparing(StoredMessage::id);

    private final Clock clock;
    private final MessageFloors floors;
    private final VisibleMessages visible;
    private final MessageRows rows;
    /** The messages a Get Messages of this service is taking now: another skips them rather than race it. */
    private final Set<UUID> taking = ConcurrentHashMap.newKeySet();
    /** When a Get Messages of this service last lost a message to another writer (System.nanoTime). */
    private volatile long lastRaceLost = System.nanoTime() - CONTENDED_FOR_NANOS;

    public Dequeuer(Clock clock, MessageFloors floors, VisibleMessages visible, MessageRows rows) {
        this.clock = clock;
        this.floors = floors;
        this.visible = visible;
        this.rows = rows;
    }

    /**
     * Up to {@code count} visible messages of the instance, each made invisible for
     * {@code visibilityTimeout}, in the order they became visible.
     */
    public List<QueueMessage> take(long instance, int count, Duration visibilityTimeout) {
        long now = clock.millis();
        // By where each message was found: the order they became visible, however they were taken
        // (two servers may give two messages one position, so the id breaks the tie).
        TreeMap<StoredMessage, StoredMessage> taken = new TreeMap<>(FOUND_ORDER);
        Set<UUID> tried = new HashSet<>();
        for (int round = 0; round < GET_ROUNDS && taken.size() < count; round++) {
            List<StoredMessage> visible = this.visible.first(instance, now, count, count + CANDIDATES_BEYOND);
            List<StoredMessage> expired = visible.stream().filter(m -> m.expires() <= now).toList();
            rows.removeAll(instance, expired);
            boolean lostAny = !expired.isEmpty(); // their places may hide more visible messages
            for (StoredMessage found : inTakingOrder(visible)) {
                if (taken.size() == count) {
                    break;
                }
                if (found.expires() <= now || !tried.add(found.id())) {
                    continue;
                }
                if (!taking.add(found.id())) {
                    lostAny = true; // another consumer on this server is taking it
                    continue;
                }
                try {
                    StoredMessage next = new StoredMessage(found.id(), new Position(now + visibilityTimeout.toMillis(),
                            found.position().sequence()), RandomIds.next(), found.inserted(), found.expires(),
                            found.dequeueCount() + 1, found.text());
                    if (rows.move(instance, found, next)) {
                        taken.put(found, next);
                    } else {
                        lostAny = true;
                        lostARace();
                    }
                } finally {
                    taking.remove(found.id());
                }
            }
            if (!lostAny) {
                break;
            }
        }
        return taken.values().stream().map(MessageAnswers::answer).toList();
    }

    /**
     * The order a Get Messages tries the messages it found: as found, or at random on a shared store
     * while this service is losing races to consumers it cannot see ({@link #CONTENDED_FOR_NANOS}).
     */
    List<StoredMessage> inTakingOrder(List<StoredMessage> found) {
        if (floors.exclusive() || System.nanoTime() - lastRaceLost >= CONTENDED_FOR_NANOS) {
            return found;
        }
        List<StoredMessage> shuffled = new ArrayList<>(found);
        Collections.shuffle(shuffled, ThreadLocalRandom.current());
        return shuffled;
    }

    /** Notes that a commit of this service found its message changed by another writer just now. */
    void lostARace() {
        lastRaceLost = System.nanoTime();
    }
}
