package io.cerulean.storage.database;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether a database takes writes now, found the way a request would find it: one record written
 * through the seam, read back, and made durable. A store that cannot write (RocksDB after a
 * background error, a full disk, a cluster without a quorum) fails it where it would fail a
 * client's write, with its own words.
 *
 * <p>The record is this probe's own: in {@code SERVER_STATE}, partition {@code "health:<random id>"}
 * (one per probe, so servers sharing a store never read each other's), row empty, the probe's count
 * in the version, no payload. {@link #forget()} deletes it.
 *
 * <p>{@link #roundTrip()} blocks for as long as the store takes: callers run it on a thread of its
 * own and bound the wait themselves. Thread-safe; round trips may overlap, though callers keep to one.
 */
public final class StoreProbe {
    private static final Space SPACE = KeySpaces.SERVER_STATE.single();
    private static final byte[] ROW = new byte[0];

    private final KeyValueStore records;
    private final String storeName;
    private final byte[] partition;
    private final AtomicLong rounds = new AtomicLong();

    /**
     * @param storeName what an operator calls the store, to start each reason with ({@code RocksDB},
     *                  {@code Cassandra})
     */
    public StoreProbe(Database database, String storeName) {
        this.records = database.records();
        this.storeName = storeName;
        this.partition = ("health:" + UUID.randomUUID()).getBytes(StandardCharsets.US_ASCII);
    }

    /** What the store is called in the reasons. */
    public String storeName() {
        return storeName;
    }

    /**
     * Writes the probe's record, reads it back and waits until it is durable.
     *
     * @return empty when all three succeeded, else why not, for an operator: the store, the step
     *         that failed, and the store's own message
     */
    public Optional<String> roundTrip() {
        long round = rounds.incrementAndGet();
        try {
            CommitOutcome outcome = records.commit(SPACE, partition,
                    List.of(RecordMutation.put(ROW, StoredValue.of(round, new byte[0]), Precondition.NONE)));
            if (!(outcome instanceof CommitOutcome.Applied)) {
                return Optional.of(storeName + " refused an unconditional write: " + outcome);
            }
        } catch (RuntimeException e) {
            return Optional.of(storeName + " cannot write: " + message(e));
        }
        try {
            Optional<StoredValue> read = records.get(SPACE, partition, ROW);
            if (read.isEmpty() || read.get().version() != round) {
                return Optional.of(storeName + " does not read back what it wrote: expected version " + round
                        + ", read " + read.map(value -> "version " + value.version()).orElse("nothing"));
            }
        } catch (RuntimeException e) {
            return Optional.of(storeName + " cannot read: " + message(e));
        }
        try {
            records.whenDurable().join();
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            return Optional.of(storeName + " cannot make writes durable: "
                    + message(e.getCause() == null ? e : e.getCause()));
        }
        return Optional.empty();
    }

    /** Deletes the probe's record, if the store takes the write; a server that stops calls it last. */
    public void forget() {
        try {
            records.commit(SPACE, partition, List.of(RecordMutation.delete(ROW, Precondition.NONE)));
        } catch (RuntimeException e) {
            // The record is a few bytes in a partition no one reads: left behind, it costs nothing.
        }
    }

    private static String message(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
