/**
 * {@code cerulean backup} and {@code cerulean restore}: a consistent copy of a RocksDB data
 * directory, taken while its server runs, and laid down again into a data directory a server then
 * starts on. The layout of a backup is in {@link io.cerulean.app.backup.BackupManifest}; how its
 * records and blob files agree, in {@link io.cerulean.app.backup.Backup}.
 */
package io.cerulean.app.backup;
