package io.cerulean.app.backup;

import io.cerulean.store.files.FileContentStore;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A RocksDB data directory open in this process: its records (RocksDB, in the directory itself)
 * and its blob content files ({@code blobs}, those over 64 KiB), which a backup reads together.
 *
 * @param dataDir  the data directory
 * @param records  its records
 * @param blobs    its content files
 * @param blobsDir where {@code blobs} keeps them
 */
public record OpenDataDirectory(Path dataDir, RocksDbKeyValueStore records, FileContentStore blobs, Path blobsDir)
        implements AutoCloseable {
    /** Where a data directory keeps its content files. */
    public static final String BLOBS = "blobs";

    public OpenDataDirectory {
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(blobs, "blobs");
        Objects.requireNonNull(blobsDir, "blobsDir");
    }

    /**
     * Opens (creating if needed) the records and content files of {@code dataDir}.
     *
     * @throws io.cerulean.store.rocksdb.StoreOpenException when the directory is unusable or in use
     * @throws io.cerulean.storage.StoreFormatException when a newer release wrote it
     * @throws io.cerulean.storage.StoreUnavailableException when the content directory cannot be opened
     */
    public static OpenDataDirectory open(Path dataDir, long cacheBytes) {
        RocksDbKeyValueStore records = RocksDbKeyValueStore.open(dataDir, cacheBytes);
        Path blobsDir = dataDir.resolve(BLOBS);
        try {
            return new OpenDataDirectory(dataDir, records, FileContentStore.open(blobsDir), blobsDir);
        } catch (RuntimeException e) {
            records.close();
            throw e;
        }
    }

    /** Closes the content files, then the records: for a directory a command opened itself. */
    @Override
    public void close() {
        try {
            blobs.close();
        } finally {
            records.close();
        }
    }
}
