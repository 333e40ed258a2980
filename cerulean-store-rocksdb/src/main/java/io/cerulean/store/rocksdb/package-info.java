/**
 * The embedded RocksDB {@link io.cerulean.storage.KeyValueStore}: a column family per key space,
 * keys and values as {@code RecordLayout} draws them, group commit of the write-ahead log
 * ({@code WalSyncer}), and the one-time upgrade of release 0.1's layout ({@code FormatOneUpgrade}).
 * An acknowledged write survives the process being killed and, as far as fsync promises, the
 * machine losing power.
 */
package io.cerulean.store.rocksdb;
