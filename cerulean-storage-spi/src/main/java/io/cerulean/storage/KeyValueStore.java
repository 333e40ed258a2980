package io.cerulean.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The storage seam: an ordered key-value store split into partitions, the one thing a store
 * implements. Every service's semantics live above it; a store knows spaces, keys, versions and
 * bytes.
 *
 * <p>Contract for every implementation (held by the conformance suite every store extends):
 * <ul>
 *   <li>Records are read in (partition, row) order, comparing unsigned bytes, within one
 *       {@link Space}; spaces and instances are disjoint.</li>
 *   <li>{@link #commit} is atomic within one partition: all of its mutations apply or none, and a
 *       reader sees all of it or none of it. It is visible when it returns, and durable once a
 *       {@link #whenDurable} asked for after that has completed.</li>
 *   <li>{@link #drop} removes a whole space instance as one operation, whatever its size.</li>
 *   <li>A store that cannot answer throws {@link StoreUnavailableException}, never hangs; after
 *       {@link #close} every call throws it.</li>
 *   <li>Partitions hold no zero byte ({@link Keys#checkPartition}).</li>
 * </ul>
 * Implementations are thread-safe.
 */
public interface KeyValueStore extends AutoCloseable {

    /** One record, if present. */
    Optional<StoredValue> get(Space space, byte[] partition, byte[] row);

    /**
     * {@link #get}, answered later: a store whose reads wait on the network (a cluster) sends it
     * and returns, so that a caller can wait on two reads at once; the default reads before it
     * returns. A store that cannot answer completes it exceptionally with
     * {@link StoreUnavailableException}.
     */
    default CompletableFuture<Optional<StoredValue>> getAsync(Space space, byte[] partition, byte[] row) {
        try {
            return CompletableFuture.completedFuture(get(space, partition, row));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * The records of {@code keys} in {@code space}, in their order, each empty where absent: each as
     * {@link #get} reads it (not one snapshot), all at once where the store can, so that many point
     * reads cost one call (RocksDB's multi-get) or one round trip's wait (a cluster). The default sends
     * every read with {@link #getAsync} before it waits for the first. A store that cannot answer
     * throws {@link StoreUnavailableException}.
     */
    default List<Optional<StoredValue>> getAll(Space space, List<RecordKey> keys) {
        List<CompletableFuture<Optional<StoredValue>>> reads = new ArrayList<>(keys.size());
        for (RecordKey key : keys) {
            reads.add(getAsync(space, key.partition(), key.row()));
        }
        List<Optional<StoredValue>> values = new ArrayList<>(keys.size());
        for (CompletableFuture<Optional<StoredValue>> read : reads) {
            try {
                values.add(read.join());
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause : e;
            }
        }
        return values;
    }

    /** The records of {@code range} in key order, from one snapshot. */
    RecordCursor scan(Space space, RecordRange range);

    /**
     * A snapshot of {@code space} to scan in pieces, on several threads at once; empty (the
     * default) when the store's cursors cannot share one state, and scans are never split.
     */
    default Optional<RecordSnapshot> snapshot(Space space) {
        return Optional.empty();
    }

    /**
     * Applies all of {@code mutations} (each naming a distinct row of {@code partition}) if every
     * precondition holds, else none.
     */
    CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations);

    /** Removes every record of {@code space}, at once; the instance may be written again afterwards. */
    void drop(Space space);

    /**
     * Completes once every commit and drop that returned before this call is durable, or
     * exceptionally if the store can no longer make it so. Callers acknowledge their writes when it
     * completes, without a thread held while the disk syncs, so that one sync covers many writers.
     */
    CompletableFuture<Void> whenDurable();

    @Override
    void close();
}
