package io.cerulean.app.backup;

import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.content.ContentId;
import io.cerulean.store.files.FileContentStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Taking a backup of a data directory ({@link BackupManifest} draws its layout), whether its server
 * runs or not.
 *
 * <p>Records and blob files agree: deletions of content files are held first
 * ({@link FileContentStore#holdDeletions}), then the records are checkpointed as of one moment, then
 * every content file is linked or copied. A record in the checkpoint names content that existed
 * when it was committed, before the checkpoint, and that content can only have been deleted after a
 * later commit let go of it, after the hold began: it is still there to copy. Content written after
 * the checkpoint may be copied too; no record of the backup names it, and the server restored from
 * it removes it an hour after it starts ({@code UnnamedContents}). Blob content of 64 KiB or less is
 * in the records themselves. Writes go on throughout, held only while RocksDB flushes its memtables
 * for the checkpoint; content deletions wait for the copy.
 */
final class Backup {
    private Backup() {
    }

    /**
     * Writes a backup of {@code source} into {@code target}, which must be absent or empty, and
     * returns its manifest, written last. A backup that fails is removed.
     *
     * @throws BackupException REFUSED when {@code target} is not empty or lies inside the data
     *                         directory (nothing is changed); FAILED when reading or writing fails
     *                         (or {@code progress} does: a client that went away)
     */
    static BackupManifest take(OpenDataDirectory source, Path target, ProgressSink progress) {
        Path to = target.toAbsolutePath().normalize();
        Path dataDir = source.dataDir().toAbsolutePath().normalize();
        if (to.startsWith(dataDir)) {
            throw new BackupException(BackupException.Reason.REFUSED, "the backup directory " + to
                    + " is inside the data directory " + dataDir + ": choose one outside it");
        }
        boolean created;
        try {
            if (!FileTrees.absentOrEmpty(to)) {
                throw new BackupException(BackupException.Reason.REFUSED, "the backup directory " + to
                        + " exists and is not empty: choose a new or an empty one");
            }
            created = !Files.exists(to);
            Files.createDirectories(to);
        } catch (IOException e) {
            throw new BackupException(BackupException.Reason.FAILED, "cannot create the backup directory " + to
                    + ": " + e.getMessage(), e);
        }
        try {
            BackupManifest manifest = copy(source, dataDir, to, progress);
            manifest.writeTo(to);
            return manifest;
        } catch (IOException | RuntimeException e) {
            removeQuietly(to, created, e);
            if (e instanceof BackupException backup) {
                throw backup;
            }
            throw new BackupException(BackupException.Reason.FAILED, "the backup into " + to + " failed, and what "
                    + "it had written is removed: " + e.getMessage(), e);
        }
    }

    private static BackupManifest copy(OpenDataDirectory source, Path dataDir, Path to, ProgressSink progress)
            throws IOException {
        Instant at;
        FileTrees.Totals records;
        FileTrees.Totals blobs = FileTrees.Totals.NONE;
        try (FileContentStore.DeletionHold hold = source.blobs().holdDeletions()) {
            at = Instant.now();
            try {
                source.records().checkpoint(to.resolve(BackupManifest.RECORDS));
            } catch (StoreUnavailableException e) {
                throw new IOException(e.getMessage(), e);
            }
            records = FileTrees.measure(to.resolve(BackupManifest.RECORDS));
            List<Path> contents = new ArrayList<>();
            source.blobs().forEachContent(id -> contents.add(source.blobs().file(id)));
            long contentBytes = 0;
            for (Path file : contents) {
                contentBytes += sizeOrZero(file);
            }
            FileTrees.Totals tls = FileTrees.measure(dataDir.resolve(BackupManifest.TLS));
            progress.expect(records.files() + contents.size() + tls.files(),
                    records.bytes() + contentBytes + tls.bytes());
            progress.add(records.files(), records.bytes());
            Path blobsTo = to.resolve(BackupManifest.BLOBS);
            for (Path file : contents) {
                try {
                    long size = FileTrees.linkOrCopy(file, blobsTo.resolve(source.blobsDir().relativize(file)));
                    blobs = blobs.plus(1, size);
                    progress.add(1, size);
                } catch (NoSuchFileException e) {
                    // Listed, then discarded before the hold began: no record of the checkpoint names it.
                }
            }
        }
        FileTrees.Totals other = FileTrees.Totals.NONE;
        Path tls = dataDir.resolve(BackupManifest.TLS);
        for (Path file : FileTrees.files(tls)) {
            long size = FileTrees.copy(tls.resolve(file), to.resolve(BackupManifest.TLS).resolve(file));
            other = other.plus(1, size);
            progress.add(1, size);
        }
        FileTrees.syncDirectories(to);
        return new BackupManifest(BackupManifest.FORMAT, version(), at, dataDir.toString(), records.files(),
                records.bytes(), blobs.files(), blobs.bytes(), other.files(), other.bytes());
    }

    private static long sizeOrZero(Path file) throws IOException {
        try {
            return Files.size(file);
        } catch (NoSuchFileException e) {
            return 0;
        }
    }

    /** Removes a backup that failed: all of it, or, in a directory that was there and empty, what is in it. */
    private static void removeQuietly(Path to, boolean created, Exception failure) {
        try {
            if (created) {
                FileTrees.deleteTree(to);
            } else {
                FileTrees.deleteContents(to);
            }
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** This release, for a manifest. */
    static String version() {
        return Objects.requireNonNullElse(Backup.class.getPackage().getImplementationVersion(), "dev");
    }
}
