package io.cerulean.store.rocksdb;

import io.cerulean.storage.StoreFormatException;
import java.nio.charset.StandardCharsets;
import org.rocksdb.RocksDBException;

/**
 * The store's format, kept under one key of the default column family: written when a data
 * directory is created, checked every time it is opened. A directory without it is either new, or
 * of release 0.1 (which wrote no format, and had a {@code tables} column family), which is
 * upgraded in place.
 */
final class StoreFormat {
    static final byte[] KEY = "cerulean.store-format".getBytes(StandardCharsets.US_ASCII);

    private StoreFormat() {
    }

    /** Leaves {@code files} in {@link RecordLayout#STORE_FORMAT}, or throws when it holds another. */
    static void settle(RocksDbFiles files) {
        try {
            byte[] found = files.db().get(files.meta(), KEY);
            if (found == null) {
                if (files.legacyTables() != null) {
                    FormatOneUpgrade.run(files);
                } else {
                    files.db().put(files.meta(), files.syncWrite(), KEY, RecordLayout.putLongArray(RecordLayout.STORE_FORMAT));
                }
                return;
            }
            long format = RecordLayout.getLong(found, 0);
            if (format != RecordLayout.STORE_FORMAT) {
                throw new StoreFormatException("the data directory is in store format " + format
                        + ", and this release of Cerulean reads format " + RecordLayout.STORE_FORMAT
                        + " (and upgrades release 0.1's); open it with the release that wrote it");
            }
            // An upgrade that stopped after its commit leaves the old catalogue to drop.
            files.dropLegacyTables();
        } catch (RocksDBException e) {
            throw new StoreOpenException("cannot read the data directory's format: " + e.getMessage(), e);
        }
    }
}
