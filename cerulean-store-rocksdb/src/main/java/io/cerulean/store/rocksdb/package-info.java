/**
 * The embedded RocksDB {@link io.cerulean.core.spi.TableStore}: key layout ({@code KeyCodec}),
 * value layout ({@code EntityCodec}), group commit of the write-ahead log ({@code WalSyncer}).
 * An acknowledged write survives the process being killed and, as far as fsync promises, the
 * machine losing power.
 */
package io.cerulean.store.rocksdb;
