package io.cerulean.queue.messages;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import java.util.Collection;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a scan of a bucket's visible messages starts: its floor, below which the bucket holds no
 * message row, only the deletions that taking and deleting messages leave behind. A scan from the
 * bucket's start would step over every one of those, at every Get Messages, until the store
 * compacts them away (RocksDB, Cassandra alike): on a busy queue, thousands a scan. Each scan moves
 * the floor up to the first message row it found, or past {@code now} when it found none.
 *
 * <p>A floor only ever hides rows this server knows of: a message row this service writes (Put,
 * Get, Update Message) is announced before its commit ({@link Bucket#writing}), which lowers the
 * floor below it and keeps any scan that began before its commit from raising the floor past it.
 * So a service that is its store's only writer ({@code exclusive}) starts every scan at its floor.
 * On a store other servers write too, a floor never rises past {@link #OTHERS_MARGIN_MS} before the
 * scan's time (a message another server writes lies at or after its own clock's time), and every
 * {@link #FROM_START_EVERY_MS} a scan starts at the bucket's start again, for a write that took
 * longer or a clock further apart: such a message is then found late, never lost.
 *
 * <p>Kept in memory only, per messages instance; a new server starts every bucket at its start.
 * Thread-safe.
 */
public final class MessageFloors {
    /** How far before a scan's time another server's message may land: clocks apart plus a write's time. */
    static final long OTHERS_MARGIN_MS = 2_000;
    /** On a shared store, how often a bucket is scanned from its start all the same. */
    static final long FROM_START_EVERY_MS = 10_000;

    private final boolean exclusive;
    private final ConcurrentHashMap<Long, Floors> byInstance = new ConcurrentHashMap<>();
    /** Counts catalogue listings, so that {@link #keepOnly} never forgets an instance made after its listing began. */
    private volatile long epoch;

    /** @param exclusive whether the service keeping these floors is its store's only writer */
    public MessageFloors(boolean exclusive) {
        this.exclusive = exclusive;
    }

    /**
     * Whether this service is its store's only writer: then no consumer elsewhere races it for a
     * message, and no message lands below a floor unannounced. The one place the Queue service
     * holds it.
     */
    boolean exclusive() {
        return exclusive;
    }

    /** The floor of one bucket of a messages instance. */
    Bucket bucket(long instance, int bucket) {
        return buckets(instance)[bucket];
    }

    /** The floors of every bucket of a messages instance. */
    Bucket[] buckets(long instance) {
        return byInstance.computeIfAbsent(instance, i -> new Floors(epoch)).buckets;
    }

    /** Forgets a dropped instance's floors. */
    void forget(long instance) {
        byInstance.remove(instance);
    }

    /** Starts a listing of the live instances, for {@link #keepOnly}. */
    long beginListing() {
        return ++epoch;
    }

    /**
     * Forgets the floors of the instances not in {@code live}, a listing of the catalogue begun at
     * {@code listing}: an instance known before it began and missing from it was dropped (ids are
     * never reused). One first seen since may be new, and is kept.
     */
    void keepOnly(Collection<Long> live, long listing) {
        byInstance.entrySet().removeIf(e -> e.getValue().seenAt < listing && !live.contains(e.getKey()));
    }

    private final class Floors {
        final long seenAt;
        final Bucket[] buckets = new Bucket[MessageLayout.BUCKETS];

        Floors(long seenAt) {
            this.seenAt = seenAt;
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] = new Bucket();
            }
        }
    }

    /** A scan begun: where it starts (empty: the bucket's start), and what it needs to move the floor. */
    record Scan(Optional<Position> from, long generation, Position pendingLowest, long now) {
    }

    /** One bucket's floor, and the message rows being written in it. */
    final class Bucket {
        /** Null: the bucket's start. */
        private Position floor;
        /** One more at every announced write, so that a scan begun before it does not move the floor. */
        private long generation;
        /** The rows being written, each with how many writers are writing it. */
        private final TreeMap<Position, Integer> pending = new TreeMap<>(MessageLayout.ORDER);
        /**
         * When a scan last started at the bucket's start. The first scan does (there is no floor
         * yet) and sets it, so it is only ever compared with a time of the same clock: no overflow.
         */
        private long lastFromStart;

        /** Where the next scan starts, as far as known now (empty: the bucket's start). */
        synchronized Optional<Position> floor() {
            return Optional.ofNullable(floor);
        }

        /** Before a scan of the bucket's visible rows at {@code now}: where it starts. */
        synchronized Scan beginScan(long now) {
            Position from = floor;
            if (from != null && !exclusive && now - lastFromStart >= FROM_START_EVERY_MS) {
                from = null;
            }
            if (from == null) {
                lastFromStart = now;
            }
            return new Scan(Optional.ofNullable(from), generation, pending.isEmpty() ? null : pending.firstKey(), now);
        }

        /**
         * After the scan: {@code first} is the first row it found (empty: none up to its time).
         * Moves the floor there unless a write was announced since the scan began.
         */
        synchronized void endScan(Scan scan, Optional<Position> first) {
            if (scan.generation() != generation) {
                return;
            }
            Position next = first.orElse(new Position(scan.now() + 1, 0));
            if (scan.pendingLowest() != null) {
                next = lower(next, scan.pendingLowest());
            }
            if (!exclusive) {
                next = lower(next, new Position(scan.now() - OTHERS_MARGIN_MS, 0));
            }
            if (floor == null || MessageLayout.ORDER.compare(next, floor) > 0) {
                floor = next;
            }
        }

        /** Before a commit that writes a message row at {@code position}; {@link #written} after it, whatever its outcome. */
        synchronized void writing(Position position) {
            generation++;
            pending.merge(position, 1, Integer::sum);
            if (floor != null && MessageLayout.ORDER.compare(position, floor) < 0) {
                floor = position;
            }
        }

        synchronized void written(Position position) {
            pending.computeIfPresent(position, (p, writers) -> writers == 1 ? null : writers - 1);
        }
    }

    private static Position lower(Position a, Position b) {
        return MessageLayout.ORDER.compare(a, b) <= 0 ? a : b;
    }
}
