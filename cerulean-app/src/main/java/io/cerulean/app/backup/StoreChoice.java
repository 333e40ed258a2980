package io.cerulean.app.backup;

import java.util.Locale;

/**
 * The store {@code --store} (or {@code CERULEAN_STORE}) names, as {@code serve} takes it: backups
 * are of RocksDB data directories, and any other store is refused with what to do instead.
 */
final class StoreChoice {
    private StoreChoice() {
    }

    /** Why {@code store} cannot be backed up or restored into; null for RocksDB (the default). */
    static String refusal(String store, String command) {
        String named = store == null || store.isBlank() ? "rocksdb" : store.trim().toLowerCase(Locale.ROOT);
        return switch (named) {
            case "rocksdb" -> null;
            case "cassandra" -> "cerulean " + command + " works on a RocksDB data directory; on Cassandra the data is "
                    + "the cluster's: take a snapshot on every node at once (nodetool snapshot -t NAME cerulean) and "
                    + "restore them as Cassandra's documentation says, or copy the data to another endpoint with "
                    + "cerulean copy";
            case "memory" -> "a server on --store memory keeps nothing to back up or restore";
            default -> "--store is rocksdb, memory or cassandra, not '" + store + "'";
        };
    }
}
