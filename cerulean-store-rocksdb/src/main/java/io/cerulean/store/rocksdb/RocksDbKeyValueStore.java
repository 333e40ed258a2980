package io.cerulean.store.rocksdb;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Keys;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.RecordSnapshot;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;

/**
 * The embedded, durable {@link KeyValueStore}: one RocksDB database, laid out as
 * {@link RecordLayout} draws it. Commits and drops are written to the write-ahead log without a
 * sync, and {@link #whenDurable} tells their writers when {@link WalSyncer}'s group commit has
 * synced them.
 *
 * <p>Commits hold the lock of their partition's stripe while they check preconditions and write,
 * so preconditions are checked against what no one else can change until the write is in. Readers
 * take no locks: a WriteBatch is atomic and iterators read from a snapshot.
 */
public final class RocksDbKeyValueStore implements KeyValueStore {
    private static final int LOCK_STRIPES = 1024;
    /** Fewer keys than this are read with a MultiGet. */
    private static final int MIN_WALKED_KEYS = 8;
    /** Stored records a walk may pass, per key asked for, before it leaves the keys to a MultiGet. */
    private static final int WALK_SLACK = 2;

    /** RocksDB's memory by default: block cache and memtables together. */
    public static final long DEFAULT_CACHE_BYTES = 96L << 20;
    /** Below this, memtables would flush at every few hundred writes. */
    public static final long MIN_CACHE_BYTES = 16L << 20;
    /**
     * A file a restore writes into a data directory before its first file and removes after its
     * last: a directory holding it is half laid down, and is not opened.
     */
    public static final String RESTORE_MARKER = "RESTORE-INCOMPLETE";

    private final RocksDbFiles files;
    private final WalSyncer syncer;
    private final RocksDbStatistics statistics;
    private final ReentrantLock[] partitionLocks = new ReentrantLock[LOCK_STRIPES];
    private volatile boolean closed;

    private RocksDbKeyValueStore(RocksDbFiles files) {
        this.files = files;
        this.syncer = new WalSyncer(files.db());
        this.statistics = new RocksDbStatistics(files, this);
        for (int i = 0; i < LOCK_STRIPES; i++) {
            partitionLocks[i] = new ReentrantLock();
        }
    }

    /** Opens (creating if needed) the store in {@code directory}, with the default cache. */
    public static RocksDbKeyValueStore open(Path directory) {
        return open(directory, DEFAULT_CACHE_BYTES);
    }

    /**
     * Opens (creating if needed) the store in {@code directory}, upgrading a data directory of
     * release 0.1 in place ({@link FormatOneUpgrade}).
     *
     * @param cacheBytes RocksDB's memory: the block cache, half of which memtables may take
     * @throws StoreOpenException with a message for a person when the directory is unusable or
     *                            another process has the store open
     * @throws io.cerulean.storage.StoreFormatException when a newer release wrote the directory
     */
    public static RocksDbKeyValueStore open(Path directory, long cacheBytes) {
        if (cacheBytes < MIN_CACHE_BYTES) {
            throw new IllegalArgumentException("the cache must be at least " + (MIN_CACHE_BYTES >> 20) + " MB");
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new StoreOpenException("the data directory " + directory + " is a file, not a directory", null);
        }
        try {
            Files.createDirectories(directory);
        } catch (java.io.IOException e) {
            throw new StoreOpenException("cannot create the data directory " + directory + ": "
                    + FileErrors.reason(e), e);
        }
        if (!Files.isDirectory(directory) || !Files.isWritable(directory)) {
            throw new StoreOpenException("the data directory " + directory + " is not a writable directory", null);
        }
        if (Files.exists(directory.resolve(RESTORE_MARKER))) {
            throw new StoreOpenException("a restore into the data directory " + directory + " did not finish: "
                    + "run it again (cerulean restore BACKUP --data-dir " + directory + " --force)", null);
        }
        RocksDbFiles files = RocksDbFiles.open(directory, cacheBytes);
        try {
            StoreFormat.settle(files);
        } catch (RuntimeException e) {
            files.close();
            throw e;
        }
        return new RocksDbKeyValueStore(files);
    }

    @Override
    public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
        byte[] stored = read(files.family(space.keySpace()), RecordLayout.key(space.instance(), partition, row));
        return stored == null ? Optional.empty() : Optional.of(RecordLayout.unframe(stored));
    }

    /** One multi-get: RocksDB looks the keys up together, under one view of its files, in one call. */
    @Override
    public List<Optional<StoredValue>> getAll(Space space, List<RecordKey> keys) {
        checkOpen();
        if (keys.isEmpty()) {
            return List.of(); // RocksJava asserts that a multi-get names a key
        }
        ColumnFamilyHandle family = files.family(space.keySpace());
        List<ColumnFamilyHandle> families = new ArrayList<>(keys.size());
        List<byte[]> stored = new ArrayList<>(keys.size());
        for (RecordKey key : keys) {
            families.add(family);
            stored.add(RecordLayout.key(space.instance(), key.partition(), key.row()));
        }
        List<byte[]> values;
        try {
            values = files.db().multiGetAsList(families, stored);
        } catch (RocksDBException e) {
            throw new StoreException("reading", e);
        }
        List<Optional<StoredValue>> found = new ArrayList<>(values.size());
        for (byte[] value : values) {
            found.add(value == null ? Optional.empty() : Optional.of(RecordLayout.unframe(value)));
        }
        return found;
    }

    @Override
    public RecordCursor scan(Space space, RecordRange range) {
        checkOpen();
        return new RocksDbRecordCursor(files, files.family(space.keySpace()), space.instance(),
                RecordLayout.lowerKey(space.instance(), range.lower()),
                RecordLayout.upperKeyExclusive(space.instance(), range.upper()), null);
    }

    @Override
    public Optional<RecordSnapshot> snapshot(Space space) {
        checkOpen();
        return Optional.of(new RocksDbScanSnapshot(files, files.family(space.keySpace()), space.instance()));
    }

    /** The lock a partition's commits hold: one of {@link #LOCK_STRIPES}, shared only by chance with other partitions. */
    ReentrantLock partitionLock(Space space, byte[] partition) {
        int hash = 31 * (31 * space.keySpace().id() + Long.hashCode(space.instance())) + Arrays.hashCode(partition);
        return partitionLocks[Math.floorMod(hash, LOCK_STRIPES)];
    }

    @Override
    public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
        Keys.checkPartition(partition);
        checkOpen();
        ColumnFamilyHandle family = files.family(space.keySpace());
        ReentrantLock lock = partitionLock(space, partition);
        lock.lock();
        try (WriteBatch batch = new WriteBatch()) {
            List<byte[]> keys = new ArrayList<>(mutations.size());
            for (RecordMutation mutation : mutations) {
                keys.add(RecordLayout.key(space.instance(), partition, mutation.row()));
            }
            List<byte[]> current = currentValues(family, mutations, keys);
            for (int i = 0; i < mutations.size(); i++) {
                RecordMutation mutation = mutations.get(i);
                byte[] stored = current.get(i);
                boolean holds = stored == null ? mutation.precondition().holdsForAbsent()
                        : mutation.precondition().holdsForVersion(RecordLayout.version(stored));
                if (!holds) {
                    return new CommitOutcome.PreconditionFailed(i, stored == null ? null : RecordLayout.unframe(stored));
                }
                if (mutation.isDelete()) {
                    batch.delete(family, keys.get(i));
                } else {
                    batch.put(family, keys.get(i), RecordLayout.frame(mutation.value()));
                }
            }
            write(batch);
        } catch (RocksDBException e) {
            throw new StoreException("committing to " + space, e);
        } finally {
            lock.unlock();
        }
        return CommitOutcome.APPLIED;
    }

    /** One range deletion: RocksDB drops the covered files in compaction, whatever the instance's size. */
    @Override
    public void drop(Space space) {
        checkOpen();
        try (WriteBatch batch = new WriteBatch()) {
            batch.deleteRange(files.family(space.keySpace()), RecordLayout.instanceStart(space.instance()),
                    RecordLayout.instanceEnd(space.instance()));
            write(batch);
        } catch (RocksDBException e) {
            throw new StoreException("dropping " + space, e);
        }
    }

    /** Writes {@code batch} to the log unsynced, counted for the sync that will cover it. */
    private void write(WriteBatch batch) throws RocksDBException {
        syncer.writing();
        try {
            files.db().write(files.asyncWrite(), batch);
        } catch (RocksDBException | RuntimeException e) {
            syncer.notWritten();
            throw e;
        }
    }

    /**
     * The stored values the mutations' preconditions are checked against (null where absent or
     * where the precondition needs none): one lookup for a single key, one ordered walk
     * ({@link #walk}) or one MultiGet for more, never a lookup per key.
     */
    private List<byte[]> currentValues(ColumnFamilyHandle family, List<RecordMutation> mutations, List<byte[]> keys)
            throws RocksDBException {
        List<byte[]> wanted = new ArrayList<>(keys.size());
        for (int i = 0; i < mutations.size(); i++) {
            if (mutations.get(i).precondition().needsCurrent()) {
                wanted.add(keys.get(i));
            }
        }
        if (wanted.isEmpty()) {
            return Collections.nCopies(keys.size(), null);
        }
        if (keys.size() == 1) {
            // A single write: a plain get costs less than a MultiGet's setup.
            return Collections.singletonList(files.db().get(family, keys.get(0)));
        }
        List<byte[]> found = wanted.size() >= MIN_WALKED_KEYS ? walk(family, wanted) : null;
        if (found == null) {
            found = files.db().multiGetAsList(Collections.nCopies(wanted.size(), family), wanted);
        }
        if (wanted.size() == keys.size()) {
            return found;
        }
        List<byte[]> current = new ArrayList<>(keys.size());
        int next = 0;
        for (RecordMutation mutation : mutations) {
            current.add(mutation.precondition().needsCurrent() ? found.get(next++) : null);
        }
        return current;
    }

    /**
     * The stored values of {@code keys}, all of one partition, read by one iterator that walks
     * from the smallest to the largest: a transaction's keys mostly lie together, often in a
     * partition that holds nothing yet, and one seek then answers for all of them, where a
     * MultiGet probes the filters of every level for each key (a tenth of a batch's CPU). Null,
     * for a MultiGet instead, once the walk has passed more stored records that were not asked
     * for than {@value #WALK_SLACK} per key: the keys are spread over a full partition. (Deleted
     * records not yet compacted away are skipped inside RocksDB and not counted: in a partition
     * of many fresh deletions the walk may cost more than a MultiGet would have.)
     */
    private List<byte[]> walk(ColumnFamilyHandle family, List<byte[]> keys) throws RocksDBException {
        int n = keys.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(keys.get(a), keys.get(b)));
        byte[] last = keys.get(order[n - 1]);
        byte[][] values = new byte[n][];
        int slack = WALK_SLACK * n;
        // The bound is exclusive: the smallest key after the last one is that key and a zero byte.
        try (Slice end = new Slice(Arrays.copyOf(last, last.length + 1));
             ReadOptions options = new ReadOptions().setIterateUpperBound(end);
             RocksIterator it = files.db().newIterator(family, options)) {
            int next = 0;
            for (it.seek(keys.get(order[0])); it.isValid() && next < n; it.next()) {
                byte[] stored = it.key();
                while (next < n && Arrays.compareUnsigned(keys.get(order[next]), stored) < 0) {
                    next++; // not stored
                }
                if (next < n && Arrays.equals(keys.get(order[next]), stored)) {
                    byte[] value = it.value();
                    for (; next < n && Arrays.equals(keys.get(order[next]), stored); next++) {
                        values[order[next]] = value;
                    }
                } else if (--slack < 0) {
                    return null;
                }
            }
            it.status();
        }
        return Arrays.asList(values);
    }

    /**
     * Caps the bytes the store's table files may take, 0 for no cap (the default). Past the cap
     * RocksDB refuses writes as it does on a full disk ("Max allowed space was reached"), which
     * this store throws as {@link StoreUnavailableException}; reads go on. Once the cap is raised
     * or lifted, RocksDB resumes writing by itself within seconds, as it does once a full disk has
     * room again.
     */
    public void limitTableFiles(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("the cap must be 0 (none) or more bytes: " + bytes);
        }
        checkOpen();
        files.tableFiles().setMaxAllowedSpaceUsage(bytes);
    }

    /**
     * Writes a copy of every record, as of one moment, into {@code target}, which must not exist:
     * a directory this store can be opened on. It is RocksDB's checkpoint: memtables are flushed,
     * table files are hard-linked where {@code target} is on the same file system (they are never
     * rewritten, only deleted, so a link is a copy) and copied where it is not, and the log is
     * copied up to a point between two writes, so every write before the call is in the copy and
     * every batch (a transaction) is whole in it or absent. Writes go on meanwhile, held only by
     * the flush.
     *
     * @throws StoreUnavailableException when the copy cannot be written (its message says why)
     */
    public void checkpoint(Path target) {
        checkOpen();
        try (Checkpoint checkpoint = Checkpoint.create(files.db())) {
            checkpoint.createCheckpoint(target.toString());
        } catch (RocksDBException e) {
            throw new StoreException("writing a checkpoint to " + target, e);
        }
    }

    /**
     * Tells {@code listener}, after each sync of the log, how many commits and drops it made durable
     * (replacing any listener before): the size of each group commit. It runs on the syncing thread
     * and must return quickly.
     */
    public void onGroupCommit(LongConsumer listener) {
        syncer.onGroupCommit(Objects.requireNonNull(listener, "listener"));
    }

    /** What RocksDB counts and reports of itself, read when asked; NaN once the store is closed. */
    public RocksDbStatistics statistics() {
        return statistics;
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        if (closed) {
            return CompletableFuture.failedFuture(new StoreUnavailableException("the store is closed"));
        }
        return syncer.whenDurable();
    }

    /** Closes the store; a reader of {@link #statistics} holds its monitor too, so never reads a closed handle. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        syncer.close();
        files.close();
    }

    private byte[] read(ColumnFamilyHandle family, byte[] key) {
        checkOpen();
        try {
            return files.db().get(family, key);
        } catch (RocksDBException e) {
            throw new StoreException("reading", e);
        }
    }

    boolean closed() {
        return closed;
    }

    private void checkOpen() {
        if (closed) {
            throw new StoreUnavailableException("the store is closed");
        }
    }
}
