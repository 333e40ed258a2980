package io.cerulean.store.rocksdb;

import io.cerulean.core.model.DateTimes;
import io.cerulean.core.model.Entity;
import io.cerulean.core.model.TableNames;
import io.cerulean.core.spi.CommitResult;
import io.cerulean.core.spi.Condition;
import io.cerulean.core.spi.EntityCursor;
import io.cerulean.core.spi.KeyRange;
import io.cerulean.core.spi.Mutation;
import io.cerulean.core.spi.ScanSnapshot;
import io.cerulean.core.spi.StoredTable;
import io.cerulean.core.spi.TableStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;

/**
 * The embedded, durable {@link TableStore}: one RocksDB database (see {@link KeyCodec} for the
 * layout). Every acknowledged change is in the synced write-ahead log: table changes and
 * settings are written with sync; entity commits are written without, and {@link #whenDurable}
 * tells their writers when {@link WalSyncer}'s group commit has synced them.
 *
 * <p>Entity commits hold the lock of their partition's stripe while they check conditions and
 * write, so conditions are checked against what no one else can change until the write is in.
 * Readers take no locks: a WriteBatch is atomic and iterators read from a snapshot.
 */
public final class RocksDbTableStore implements TableStore {
    private static final String NEXT_TABLE_ID = "store.next-table-id";
    private static final int LOCK_STRIPES = 1024;
    /** Fewer keys than this are read with a MultiGet. */
    private static final int MIN_WALKED_KEYS = 8;
    /** Stored entities a walk may pass, per key asked for, before it leaves the keys to a MultiGet. */
    private static final int WALK_SLACK = 2;

    private final RocksDbFiles files;
    private final WalSyncer syncer;
    private final ReentrantLock tableLock = new ReentrantLock();
    private final Map<TableKey, StoredTable> knownTables = new ConcurrentHashMap<>(); // changed under tableLock
    private final ReentrantLock[] partitionLocks = new ReentrantLock[LOCK_STRIPES];

    private RocksDbTableStore(RocksDbFiles files) {
        this.files = files;
        this.syncer = new WalSyncer(files.db());
        for (int i = 0; i < LOCK_STRIPES; i++) {
            partitionLocks[i] = new ReentrantLock();
        }
    }

    /** RocksDB's memory by default: block cache and memtables together. */
    public static final long DEFAULT_CACHE_BYTES = 96L << 20;
    /** Below this, memtables would flush at every few hundred writes. */
    public static final long MIN_CACHE_BYTES = 16L << 20;

    /** Opens (creating if needed) the store in {@code directory}, with the default cache. */
    public static RocksDbTableStore open(Path directory) {
        return open(directory, DEFAULT_CACHE_BYTES);
    }

    /**
     * Opens (creating if needed) the store in {@code directory}.
     *
     * @param cacheBytes RocksDB's memory: the block cache, half of which memtables may take
     * @throws StoreOpenException with a message for a person when the directory is unusable or
     *                            another process has the store open
     */
    public static RocksDbTableStore open(Path directory, long cacheBytes) {
        if (cacheBytes < MIN_CACHE_BYTES) {
            throw new IllegalArgumentException("the cache must be at least " + (MIN_CACHE_BYTES >> 20) + " MB");
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new StoreOpenException("the data directory " + directory + " is a file, not a directory", null);
        }
        try {
            Files.createDirectories(directory);
        } catch (java.io.IOException e) {
            throw new StoreOpenException("cannot create the data directory " + directory + ": " + e.getMessage(), e);
        }
        if (!Files.isDirectory(directory) || !Files.isWritable(directory)) {
            throw new StoreOpenException("the data directory " + directory + " is not a writable directory", null);
        }
        return new RocksDbTableStore(RocksDbFiles.open(directory, cacheBytes));
    }

    /**
     * Every request names its table, so tables once looked up are kept in memory; the column
     * family stays the record. Filled and emptied only under the table lock, so a lookup racing a
     * Delete Table cannot put back what was deleted.
     */
    @Override
    public Optional<StoredTable> table(String account, String name) {
        String normalized = TableNames.normalize(name);
        StoredTable known = knownTables.get(new TableKey(account, normalized));
        if (known != null) {
            return Optional.of(known);
        }
        tableLock.lock();
        try {
            byte[] value = get(files.tables(), KeyCodec.tableKey(account, normalized));
            if (value == null) {
                return Optional.empty();
            }
            StoredTable table = decodeTable(account, value);
            knownTables.put(new TableKey(account, normalized), table);
            return Optional.of(table);
        } finally {
            tableLock.unlock();
        }
    }

    @Override
    public Optional<StoredTable> createTable(String account, String name) {
        byte[] key = KeyCodec.tableKey(account, TableNames.normalize(name));
        tableLock.lock();
        try {
            if (get(files.tables(), key) != null) {
                return Optional.empty();
            }
            long id = setting(NEXT_TABLE_ID).map(b -> KeyCodec.getLong(b, 0)).orElse(1L);
            StoredTable table = new StoredTable(account, name, id);
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(files.tables(), key, encodeTable(table));
                batch.put(files.settings(), utf8(NEXT_TABLE_ID), KeyCodec.putLongArray(id + 1));
                files.db().write(files.syncWrite(), batch);
            }
            knownTables.put(new TableKey(account, TableNames.normalize(name)), table);
            return Optional.of(table);
        } catch (RocksDBException e) {
            throw new StoreException("creating table " + name, e);
        } finally {
            tableLock.unlock();
        }
    }

    @Override
    public boolean deleteTable(String account, String name) {
        byte[] key = KeyCodec.tableKey(account, TableNames.normalize(name));
        tableLock.lock();
        try {
            byte[] value = get(files.tables(), key);
            if (value == null) {
                return false;
            }
            long id = decodeTable(account, value).id();
            try (WriteBatch batch = new WriteBatch()) {
                batch.delete(files.tables(), key);
                batch.deleteRange(files.entities(), KeyCodec.tableStart(id), KeyCodec.tableEnd(id));
                files.db().write(files.syncWrite(), batch);
            }
            knownTables.remove(new TableKey(account, TableNames.normalize(name)));
            return true;
        } catch (RocksDBException e) {
            throw new StoreException("deleting table " + name, e);
        } finally {
            tableLock.unlock();
        }
    }

    @Override
    public List<StoredTable> listTables(String account, String fromKey, int limit) {
        byte[] start = KeyCodec.tableKey(account, fromKey == null ? "" : fromKey);
        List<StoredTable> result = new ArrayList<>();
        try (Slice end = new Slice(KeyCodec.accountEnd(account));
             ReadOptions options = new ReadOptions().setIterateUpperBound(end);
             RocksIterator it = files.db().newIterator(files.tables(), options)) {
            for (it.seek(start); it.isValid() && result.size() < limit; it.next()) {
                result.add(decodeTable(account, it.value()));
            }
            it.status();
        } catch (RocksDBException e) {
            throw new StoreException("listing tables", e);
        }
        return result;
    }

    @Override
    public Optional<Entity> get(StoredTable table, String partitionKey, String rowKey) {
        byte[] value = get(files.entities(), KeyCodec.entityKey(table.id(), partitionKey, rowKey));
        return Optional.ofNullable(value).map(v -> EntityCodec.decode(partitionKey, rowKey, v));
    }

    /** The lock a partition's commits hold: one of {@link #LOCK_STRIPES}, shared only by chance with other partitions. */
    ReentrantLock partitionLock(StoredTable table, String partitionKey) {
        return partitionLocks[Math.floorMod(31 * Long.hashCode(table.id()) + partitionKey.hashCode(), LOCK_STRIPES)];
    }

    @Override
    public EntityCursor scan(StoredTable table, KeyRange range) {
        return new RocksDbEntityCursor(files, table.id(), range, null);
    }

    @Override
    public Optional<ScanSnapshot> snapshot(StoredTable table) {
        return Optional.of(new RocksDbScanSnapshot(files, table.id()));
    }

    @Override
    public CommitResult commit(StoredTable table, String partitionKey, List<Mutation> mutations) {
        ReentrantLock lock = partitionLock(table, partitionKey);
        lock.lock();
        try (WriteBatch batch = new WriteBatch()) {
            List<byte[]> keys = new ArrayList<>(mutations.size());
            for (Mutation mutation : mutations) {
                keys.add(KeyCodec.entityKey(table.id(), partitionKey, mutation.rowKey()));
            }
            List<byte[]> current = currentValues(mutations, keys);
            for (int i = 0; i < mutations.size(); i++) {
                Mutation mutation = mutations.get(i);
                byte[] value = current.get(i);
                if (!mutation.condition().holds(value == null ? null
                        : DateTimes.fromEpochTicks(EntityCodec.timestampTicks(value)))) {
                    Entity currentEntity = value == null ? null
                            : EntityCodec.decode(partitionKey, mutation.rowKey(), value);
                    return new CommitResult.ConditionFailed(i, currentEntity);
                }
                if (mutation.isDelete()) {
                    batch.delete(files.entities(), keys.get(i));
                } else {
                    batch.put(files.entities(), keys.get(i), EntityCodec.encode(mutation.entity()));
                }
            }
            files.db().write(files.asyncWrite(), batch);
        } catch (RocksDBException e) {
            throw new StoreException("committing to " + table.name(), e);
        } finally {
            lock.unlock();
        }
        return CommitResult.APPLIED;
    }

    /**
     * The stored values of {@code keys}, all of one partition, read by one iterator that walks
     * from the smallest to the largest: a transaction's keys mostly lie together, often in a
     * partition that holds nothing yet, and one seek then answers for all of them, where a
     * MultiGet probes the filters of every level for each key (a tenth of a batch's CPU). Null,
     * for a MultiGet instead, once the walk has passed more stored entities that were not asked
     * for than {@value #WALK_SLACK} per key: the keys are spread over a full partition. (Deleted
     * entities not yet compacted away are skipped inside RocksDB and not counted: in a partition
     * of many fresh deletions the walk may cost more than a MultiGet would have.)
     */
    private List<byte[]> walk(List<byte[]> keys) throws RocksDBException {
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
             RocksIterator it = files.db().newIterator(files.entities(), options)) {
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

    @Override
    public CompletableFuture<Void> whenDurable() {
        return syncer.whenDurable();
    }

    /**
     * The stored values the mutations' conditions are checked against (null where absent or where
     * the condition needs none): one lookup for a single key, one ordered walk ({@link #walk}) or
     * one MultiGet for more, never a lookup per key.
     */
    private List<byte[]> currentValues(List<Mutation> mutations, List<byte[]> keys) throws RocksDBException {
        List<byte[]> wanted = new ArrayList<>(keys.size());
        for (int i = 0; i < mutations.size(); i++) {
            if (!(mutations.get(i).condition() instanceof Condition.None)) {
                wanted.add(keys.get(i));
            }
        }
        if (wanted.isEmpty()) {
            return java.util.Collections.nCopies(keys.size(), null);
        }
        if (keys.size() == 1) {
            // A single write: a plain get costs less than a MultiGet's setup.
            return java.util.Collections.singletonList(files.db().get(files.entities(), keys.get(0)));
        }
        List<byte[]> found = wanted.size() >= MIN_WALKED_KEYS ? walk(wanted) : null;
        if (found == null) {
            found = files.db().multiGetAsList(java.util.Collections.nCopies(wanted.size(), files.entities()), wanted);
        }
        if (wanted.size() == keys.size()) {
            return found;
        }
        List<byte[]> current = new ArrayList<>(keys.size());
        int next = 0;
        for (Mutation mutation : mutations) {
            current.add(mutation.condition() instanceof Condition.None ? null : found.get(next++));
        }
        return current;
    }

    @Override
    public Optional<byte[]> setting(String name) {
        return Optional.ofNullable(get(files.settings(), utf8(name)));
    }

    @Override
    public void putSetting(String name, byte[] value) {
        try {
            files.db().put(files.settings(), files.syncWrite(), utf8(name), value);
        } catch (RocksDBException e) {
            throw new StoreException("writing setting " + name, e);
        }
    }

    @Override
    public void close() {
        syncer.close();
        files.close();
    }

    private byte[] get(ColumnFamilyHandle family, byte[] key) {
        try {
            return files.db().get(family, key);
        } catch (RocksDBException e) {
            throw new StoreException("reading", e);
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Table value: [id: 8][name as created: UTF-8]. */
    private static byte[] encodeTable(StoredTable table) {
        byte[] name = utf8(table.name());
        byte[] value = new byte[8 + name.length];
        KeyCodec.putLong(value, 0, table.id());
        System.arraycopy(name, 0, value, 8, name.length);
        return value;
    }

    private static StoredTable decodeTable(String account, byte[] value) {
        return new StoredTable(account, new String(value, 8, value.length - 8, StandardCharsets.UTF_8),
                KeyCodec.getLong(value, 0));
    }

    private record TableKey(String account, String normalizedName) {
    }
}
