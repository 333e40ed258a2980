package io.cerulean.app.backup;

import io.cerulean.app.control.ControlAddress;
import io.cerulean.app.control.ControlClient;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Laying a backup down into a data directory that a server then starts on, serving exactly what
 * the backup holds.
 *
 * <p>Refused, with nothing changed, when the backup is incomplete or does not hold what its
 * manifest lists, when a server runs on the directory (its control socket answers, or RocksDB's
 * lock is held), or when the directory is not empty and {@code --force} was not given. While the
 * files are copied, a marker in the directory ({@link RocksDbKeyValueStore#RESTORE_MARKER}) makes
 * a server refuse to start on it, so a restore cut short is never served half laid down: it is
 * removed last, once every file is synced. RocksDB's lock is held meanwhile.
 */
final class Restore {
    private static final String LOCK = "LOCK";

    private Restore() {
    }

    /**
     * Restores {@code backup} into {@code dataDir}; with {@code force}, whatever {@code dataDir}
     * held is replaced.
     *
     * @throws BackupException BAD_BACKUP or REFUSED as above, before anything is changed; FAILED
     *                         when copying fails midway (the marker then stays)
     */
    static BackupManifest run(Path backup, Path dataDir, boolean force, ProgressSink progress) {
        Path from = backup.toAbsolutePath().normalize();
        Path to = dataDir.toAbsolutePath().normalize();
        BackupManifest manifest = BackupManifest.readFrom(from);
        check(from, manifest);
        if (to.startsWith(from) || from.startsWith(to)) {
            throw new BackupException(BackupException.Reason.REFUSED, "the data directory " + to
                    + " and the backup " + from + " must not lie inside each other");
        }
        Optional<ControlClient> server = ControlClient.connect(ControlAddress.file(to));
        if (server.isPresent()) {
            closeQuietly(server.get());
            throw new BackupException(BackupException.Reason.REFUSED, "a server is running on " + to + " (it answers on "
                    + ControlAddress.file(to) + "): stop it before restoring into its data directory");
        }
        if (Files.exists(to) && !Files.isDirectory(to)) {
            throw new BackupException(BackupException.Reason.REFUSED, to + " is a file, not a directory");
        }
        try (FileChannel lock = lock(to)) {
            if (!FileTrees.absentOrEmpty(to) && !force) {
                throw new BackupException(BackupException.Reason.REFUSED, "the data directory " + to
                        + " is not empty: restore into a new or empty directory, or replace what it holds with --force");
            }
            layDown(from, to, manifest, progress);
            return manifest;
        } catch (IOException e) {
            throw new BackupException(BackupException.Reason.FAILED, "the restore into " + to + " failed: "
                    + e.getMessage() + "; a server will not start on it until a restore into it finishes "
                    + "(run it again with --force)", e);
        }
    }

    /** Holds whether the backup holds what its manifest lists: a backup copied in part is refused. */
    private static void check(Path from, BackupManifest manifest) {
        try {
            FileTrees.Totals records = FileTrees.measure(from.resolve(BackupManifest.RECORDS));
            FileTrees.Totals blobs = FileTrees.measure(from.resolve(BackupManifest.BLOBS));
            FileTrees.Totals other = FileTrees.measure(from.resolve(BackupManifest.TLS));
            if (records.files() != manifest.recordFiles() || records.bytes() != manifest.recordBytes()
                    || blobs.files() != manifest.blobFiles() || blobs.bytes() != manifest.blobBytes()
                    || other.files() != manifest.otherFiles() || other.bytes() != manifest.otherBytes()) {
                throw new BackupException(BackupException.Reason.BAD_BACKUP, from + " holds "
                        + (records.files() + blobs.files() + other.files()) + " files of "
                        + (records.bytes() + blobs.bytes() + other.bytes()) + " bytes where its manifest lists "
                        + manifest.files() + " files of " + manifest.bytes() + " bytes: it is not whole");
            }
        } catch (IOException e) {
            throw new BackupException(BackupException.Reason.BAD_BACKUP, "cannot read the backup " + from + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * RocksDB's lock of {@code dir}, taken as RocksDB takes it, when the directory has one; null when
     * it has none (a new directory, or one no server ever ran on).
     *
     * @throws BackupException REFUSED when a process holds it
     */
    private static FileChannel lock(Path dir) throws IOException {
        Path file = dir.resolve(LOCK);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new BackupException(BackupException.Reason.REFUSED, "the data directory " + dir
                    + " is in use by another process (RocksDB's lock is held): stop it before restoring");
        }
        return channel; // closing it releases the lock
    }

    private static void layDown(Path from, Path to, BackupManifest manifest, ProgressSink progress) throws IOException {
        Files.createDirectories(to);
        Path marker = to.resolve(RocksDbKeyValueStore.RESTORE_MARKER);
        Files.writeString(marker, "a restore from " + from + " is under way, or was cut short\n");
        FileTrees.sync(marker);
        FileTrees.sync(to);
        FileTrees.deleteContents(to, LOCK, RocksDbKeyValueStore.RESTORE_MARKER);
        progress.expect(manifest.files(), manifest.bytes());
        copyAll(from.resolve(BackupManifest.RECORDS), to, progress);
        copyAll(from.resolve(BackupManifest.BLOBS), to.resolve(BackupManifest.BLOBS), progress);
        copyAll(from.resolve(BackupManifest.TLS), to.resolve(BackupManifest.TLS), progress);
        FileTrees.syncDirectories(to);
        Files.delete(marker);
        FileTrees.sync(to);
    }

    private static void copyAll(Path from, Path to, ProgressSink progress) throws IOException {
        for (Path file : FileTrees.files(from)) {
            progress.add(1, FileTrees.copy(from.resolve(file), to.resolve(file)));
        }
    }

    private static void closeQuietly(ControlClient client) {
        try {
            client.close();
        } catch (IOException ignored) {
            // Only asked whether it answers.
        }
    }
}
