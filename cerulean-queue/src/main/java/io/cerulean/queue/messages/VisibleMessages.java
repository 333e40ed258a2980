package io.cerulean.queue.messages;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Reads the first visible messages of a queue: each bucket from its floor ({@link MessageFloors}),
 * the buckets in the order of their floors, and only as many of them as can hold one of the first
 * messages asked for. A bucket whose floor lies past the last of those already found holds none of
 * them: on a queue with a backlog, a Get Messages of one reads one or two buckets, not sixteen.
 */
public final class VisibleMessages {
    /** Expired messages one read of a bucket looks past (and a Get Messages removes) at most. */
    static final int EXPIRED_PER_BUCKET = 256;
    private static final Comparator<StoredMessage> VISIBILITY_ORDER =
            (a, b) -> MessageLayout.ORDER.compare(a.position(), b.position());

    private final KeyValueStore store;
    private final MessageFloors floors;

    public VisibleMessages(KeyValueStore store, MessageFloors floors) {
        this.store = store;
        this.floors = floors;
    }

    /**
     * At least the first {@code wanted} unexpired visible messages of the instance, when there are
     * as many, with the expired ones met before them (up to {@link #EXPIRED_PER_BUCKET} a bucket,
     * so that a read is bounded however many expired at once), in the order they became visible.
     * Each bucket read gives up to {@code perBucket} (at least {@code wanted}): messages to move on
     * to when other consumers took the first ones, found without reading more buckets.
     */
    List<StoredMessage> first(long instance, long now, int wanted, int perBucket) {
        MessageFloors.Bucket[] buckets = floors.buckets(instance);
        Position[] starts = new Position[buckets.length];
        int[] order = new int[buckets.length];
        for (int b = 0; b < buckets.length; b++) {
            starts[b] = buckets[b].floor().orElse(null);
            // By floor, the buckets without one (read from their start) first: an insertion sort of sixteen.
            int at = b;
            while (at > 0 && before(starts[b], starts[order[at - 1]])) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = b;
        }
        List<StoredMessage> found = new ArrayList<>();
        List<Position> live = new ArrayList<>();
        for (int bucket : order) {
            if (live.size() >= wanted && starts[bucket] != null
                    && MessageLayout.ORDER.compare(live.get(wanted - 1), starts[bucket]) < 0) {
                break; // this bucket and those after it hold none of the first `wanted`
            }
            read(instance, bucket, buckets[bucket], now, perBucket, found, live);
            live.sort(MessageLayout.ORDER);
        }
        found.sort(VISIBILITY_ORDER);
        return found;
    }

    /** Whether a bucket read from {@code a} comes before one read from {@code b} (null: the bucket's start). */
    private static boolean before(Position a, Position b) {
        return b != null && (a == null || MessageLayout.ORDER.compare(a, b) < 0);
    }

    /** One bucket's first visible messages, up to {@code wanted} unexpired ones, from its floor on. */
    private void read(long instance, int bucket, MessageFloors.Bucket floor, long now, int wanted,
                      List<StoredMessage> found, List<Position> live) {
        MessageFloors.Scan scan = floor.beginScan(now);
        if (scan.from().isPresent() && scan.from().get().visibleAt() > now) {
            return; // nothing of this bucket is visible yet
        }
        RecordRange range = scan.from().isPresent() ? MessageLayout.visible(bucket, scan.from().get(), now)
                : MessageLayout.visible(bucket, now);
        Optional<Position> first = Optional.empty();
        try (RecordCursor cursor = store.scan(MessageLayout.space(instance), range)) {
            int unexpired = 0;
            int expired = 0;
            while (unexpired < wanted && expired < EXPIRED_PER_BUCKET && cursor.advance()) {
                StoredMessage message = MessageLayout.message(cursor.row(), cursor.version(), cursor.payload());
                if (first.isEmpty()) {
                    first = Optional.of(message.position());
                }
                found.add(message);
                if (message.expires() > now) {
                    live.add(message.position());
                    unexpired++;
                } else {
                    expired++;
                }
            }
        }
        floor.endScan(scan, first);
    }
}
