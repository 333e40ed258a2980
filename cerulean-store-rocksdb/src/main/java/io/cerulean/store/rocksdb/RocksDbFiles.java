package io.cerulean.store.rocksdb;

import io.cerulean.storage.KeySpace;
import io.cerulean.storage.KeySpaces;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileManager;
import org.rocksdb.StatsLevel;
import org.rocksdb.Statistics;
import org.rocksdb.WriteBufferManager;
import org.rocksdb.WriteOptions;

/**
 * The open RocksDB database, its column families and the native option objects that must live as
 * long as it does. Column families: {@code default} holds the store's format, and every key space
 * of {@link KeySpaces} has one of its name ({@code entities}, {@code table-catalog}, ...). A data
 * directory of release 0.1 has {@code tables} too, until {@link FormatOneUpgrade} has run.
 */
final class RocksDbFiles implements AutoCloseable {
    static {
        NativeLibrary.load();
    }

    private final RocksDB db;
    private final DBOptions dbOptions;
    private final ColumnFamilyOptions familyOptions;
    private final LRUCache blockCache;
    private final WriteBufferManager memtables;
    private final SstFileManager tableFiles;
    private final Statistics statistics;
    private final List<ColumnFamilyHandle> handles;
    /** The column family of each key space, by id. */
    private final ColumnFamilyHandle[] families = new ColumnFamilyHandle[256];
    private ColumnFamilyHandle legacyTables;
    private final WriteOptions syncWrite;
    private final WriteOptions asyncWrite;

    private RocksDbFiles(RocksDB db, DBOptions dbOptions, ColumnFamilyOptions familyOptions, LRUCache blockCache,
                         WriteBufferManager memtables, SstFileManager tableFiles, Statistics statistics,
                         List<ColumnFamilyHandle> handles) {
        this.db = db;
        this.statistics = statistics;
        this.tableFiles = tableFiles;
        this.dbOptions = dbOptions;
        this.familyOptions = familyOptions;
        this.blockCache = blockCache;
        this.memtables = memtables;
        this.handles = handles;
        for (ColumnFamilyHandle handle : handles) {
            String name = familyName(handle);
            KeySpaces.ALL.stream().filter(space -> space.name().equals(name))
                    .forEach(space -> families[space.id()] = handle);
            if (name.equals(FormatOneUpgrade.TABLES_FAMILY)) {
                legacyTables = handle;
            }
        }
        this.syncWrite = new WriteOptions().setSync(true);
        this.asyncWrite = new WriteOptions().setSync(false);
    }

    /**
     * RocksDB's memory, bounded whatever the data's size: one block cache, and the memtables of all
     * column families charged against it, up to half of it (so they share its budget instead of
     * growing to 64 MB each, RocksDB's default). Index and filter blocks live in the cache too,
     * rather than beside it for every open table file; those of level 0, read by every lookup,
     * stay pinned.
     */
    static final long MEMTABLE_BYTES = 16L << 20;

    /**
     * No compression for level 0 and the base level (the one level 0 is compacted into; with
     * dynamic level sizes the rest of the list counts from it), LZ4 below: those two are rewritten
     * most often, so compressing them cost CPU on every write, while the bulk of a large store, in
     * the levels below, stays compact. A store under about 256 MB lives in the base level alone.
     */
    private static final List<CompressionType> COMPRESSION_PER_LEVEL = List.of(CompressionType.NO_COMPRESSION,
            CompressionType.NO_COMPRESSION, CompressionType.LZ4_COMPRESSION, CompressionType.LZ4_COMPRESSION,
            CompressionType.LZ4_COMPRESSION, CompressionType.LZ4_COMPRESSION, CompressionType.LZ4_COMPRESSION);

    static RocksDbFiles open(Path directory, long cacheBytes) {
        boolean directWrites = DirectWrites.supported(directory); // before any native object exists
        LRUCache blockCache = new LRUCache(cacheBytes);
        WriteBufferManager memtables = new WriteBufferManager(cacheBytes / 2, blockCache);
        SstFileManager tableFiles = newSstFileManager();
        // Tickers (counters) only: the detailed timers read the clock around every operation.
        Statistics statistics = new Statistics();
        statistics.setStatsLevel(StatsLevel.EXCEPT_DETAILED_TIMERS);
        ColumnFamilyOptions familyOptions = new ColumnFamilyOptions()
                .setWriteBufferSize(Math.min(MEMTABLE_BYTES, cacheBytes / 4))
                // A bloom filter over each memtable's keys (5 % of its size): a point read or an
                // insert's existence check skips memtables that cannot hold the key instead of
                // walking their skip lists, the largest part of a lookup's cost.
                .setMemtablePrefixBloomSizeRatio(0.05)
                .setMemtableWholeKeyFiltering(true)
                .setCompressionPerLevel(COMPRESSION_PER_LEVEL)
                .setTableFormatConfig(new BlockBasedTableConfig()
                        .setBlockCache(blockCache)
                        .setCacheIndexAndFilterBlocks(true)
                        .setPinL0FilterAndIndexBlocksInCache(true)
                        .setFilterPolicy(new BloomFilter(10))
                        .setBlockSize(16 * 1024));
        DBOptions dbOptions = new DBOptions()
                .setCreateIfMissing(true)
                .setCreateMissingColumnFamilies(true)
                .setWriteBufferManager(memtables)
                // Ours rather than RocksDB's implicit one, to cap the space of table files
                // (RocksDbKeyValueStore#limitTableFiles). Either way, once a full disk made RocksDB
                // stop writing, it polls for space and resumes by itself.
                .setSstFileManager(tableFiles)
                .setStatistics(statistics)
                .setMaxBackgroundJobs(2)
                .setKeepLogFileNum(3)
                // Restart time: what the log holds after a crash is replayed into memtables and left
                // there (its log files are kept until a normal flush), not flushed to a table file
                // before the first request can be answered; and opening does not read every table
                // file's properties for statistics that only tune compaction.
                .setAvoidFlushDuringRecovery(true)
                .setSkipStatsUpdateOnDbOpen(true)
                // Table files are written around the page cache where the file system allows it:
                // flushes and compactions rewrite the whole store, and copying it into cache pages
                // was the largest part of their CPU (see DirectWrites).
                .setUseDirectIoForFlushAndCompaction(directWrites);
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try {
            // RocksDB opens every column family a directory has, or none: those of an older
            // layout are opened too, for the upgrade to read and drop.
            Set<String> names = new LinkedHashSet<>();
            names.add(new String(RocksDB.DEFAULT_COLUMN_FAMILY, StandardCharsets.UTF_8));
            KeySpaces.ALL.forEach(space -> names.add(space.name()));
            if (java.nio.file.Files.exists(directory.resolve("CURRENT"))) {
                try (Options listing = new Options()) {
                    for (byte[] existing : RocksDB.listColumnFamilies(listing, directory.toString())) {
                        names.add(new String(existing, StandardCharsets.UTF_8));
                    }
                }
            }
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            for (String name : names) {
                descriptors.add(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8), familyOptions));
            }
            RocksDB db = RocksDB.open(dbOptions, directory.toString(), descriptors, handles);
            return new RocksDbFiles(db, dbOptions, familyOptions, blockCache, memtables, tableFiles, statistics,
                    handles);
        } catch (RocksDBException e) {
            dbOptions.close();
            statistics.close();
            tableFiles.close();
            memtables.close();
            familyOptions.close();
            blockCache.close();
            String reason = String.valueOf(e.getMessage());
            if (reason.contains("lock") || reason.contains("LOCK")) {
                throw new StoreOpenException("the data directory " + directory
                        + " is in use by another process (is another Cerulean running on it?)", e);
            }
            throw new StoreOpenException("cannot open the data directory " + directory + ": " + reason, e);
        }
    }

    RocksDB db() {
        return db;
    }

    SstFileManager tableFiles() {
        return tableFiles;
    }

    /** RocksDB's counters since the store opened. */
    Statistics statistics() {
        return statistics;
    }

    /** The block cache, shared by every column family, memtables charged to it. */
    LRUCache blockCache() {
        return blockCache;
    }

    private static SstFileManager newSstFileManager() {
        try {
            return new SstFileManager(Env.getDefault());
        } catch (RocksDBException e) {
            throw new StoreOpenException("cannot set up RocksDB's table file manager: " + e.getMessage(), e);
        }
    }

    /** The default column family: the store's format, and release 0.1's settings until upgraded. */
    ColumnFamilyHandle meta() {
        return handles.get(0);
    }

    /** The column family of {@code space}. */
    ColumnFamilyHandle family(KeySpace space) {
        return families[space.id()];
    }

    /** Release 0.1's table catalogue, if this directory still has it. */
    ColumnFamilyHandle legacyTables() {
        return legacyTables;
    }

    /** Drops release 0.1's table catalogue, once upgraded. */
    void dropLegacyTables() throws RocksDBException {
        if (legacyTables != null) {
            db.dropColumnFamily(legacyTables);
            handles.remove(legacyTables);
            legacyTables.close();
            legacyTables = null;
        }
    }

    private static String familyName(ColumnFamilyHandle handle) {
        try {
            return new String(handle.getName(), StandardCharsets.UTF_8);
        } catch (RocksDBException e) {
            throw new StoreOpenException("cannot read a column family's name: " + e.getMessage(), e);
        }
    }

    WriteOptions syncWrite() {
        return syncWrite;
    }

    WriteOptions asyncWrite() {
        return asyncWrite;
    }

    @Override
    public void close() {
        try {
            db.syncWal();
        } catch (RocksDBException ignored) {
            // Everything acknowledged was synced already; this only tidies up.
        }
        for (ColumnFamilyHandle handle : handles) {
            handle.close();
        }
        db.close();
        syncWrite.close();
        asyncWrite.close();
        dbOptions.close();
        statistics.close();
        familyOptions.close();
        tableFiles.close();
        memtables.close();
        blockCache.close();
    }
}
