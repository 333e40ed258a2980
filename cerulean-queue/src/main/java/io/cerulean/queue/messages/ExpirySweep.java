package io.cerulean.queue.messages;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * Removes the expired messages a Get Messages would meet, for the queues no one reads, and forgets
 * the floors of the instances no queue names any more. Safe on any number of servers at once: each
 * removal is a commit on the version read, as a Get's are. Thread-safe.
 */
public final class ExpirySweep {
    /** Expired messages one sweep removes from a bucket at most, so that a sweep is bounded. */
    static final int SWEPT_PER_BUCKET = 1024;

    private final KeyValueStore store;
    private final Clock clock;
    private final MessageFloors floors;
    private final MessageRows rows;

    public ExpirySweep(KeyValueStore store, Clock clock, MessageFloors floors, MessageRows rows) {
        this.store = store;
        this.clock = clock;
        this.floors = floors;
        this.rows = rows;
    }

    /**
     * Sweeps every instance {@code live} lists (a listing of the catalogue, taken after this call
     * begins): at most {@link #SWEPT_PER_BUCKET} per bucket of each, among the visible messages (an
     * invisible one is removed once it is visible again).
     *
     * @return how many expired messages were found and removed (a race lost to a consumer counts too)
     */
    public long sweep(Supplier<List<Long>> live) {
        long listing = floors.beginListing();
        List<Long> instances = live.get();
        floors.keepOnly(new HashSet<>(instances), listing);
        long removed = 0;
        for (long instance : instances) {
            long now = clock.millis();
            List<StoredMessage> expired = new ArrayList<>();
            for (int bucket = 0; bucket < MessageLayout.BUCKETS; bucket++) {
                try (RecordCursor cursor = store.scan(MessageLayout.space(instance), MessageLayout.visible(bucket, now))) {
                    int found = 0;
                    while (found < SWEPT_PER_BUCKET && cursor.advance()) {
                        StoredMessage message = MessageLayout.message(cursor.row(), cursor.version(), cursor.payload());
                        if (message.expires() <= now) {
                            expired.add(message);
                            found++;
                        }
                    }
                }
            }
            rows.removeAll(instance, expired);
            removed += expired.size();
        }
        return removed;
    }
}
