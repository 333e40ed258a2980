package io.cerulean.app.backup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentWriter;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Backups and restores of a data directory open in this process, with the moments between their steps in hand. */
class BackupTest {
    @TempDir
    Path temp;

    /**
     * Content deleted after the records' checkpoint and before the files are copied (as a blob
     * delete committed then would delete it) is in the backup, and goes from the data directory
     * once the backup is done.
     */
    @Test
    void contentDeletedWhileTheBackupCopiesIsInItAndGoesAfter() throws IOException {
        Path backup = temp.resolve("backup");
        try (OpenDataDirectory data = open(temp.resolve("data"))) {
            ContentId id = write(data, 100_000);
            boolean[] deletedMidway = {false};
            BackupManifest manifest = Backup.take(data, backup, new Recording() {
                @Override
                public void add(long items, long bytes) throws IOException {
                    if (!deletedMidway[0]) { // the first: the records, checkpointed; no file copied yet
                        deletedMidway[0] = true;
                        data.blobs().delete(id);
                    }
                    super.add(items, bytes);
                }
            });
            assertThat(manifest.blobFiles()).isEqualTo(1);
            assertThat(manifest.blobBytes()).isEqualTo(100_000);
            assertThat(Files.size(backup.resolve("blobs").resolve(data.blobsDir().relativize(data.blobs().file(id)))))
                    .isEqualTo(100_000);
            assertThat(data.blobs().open(id)).as("deleted once the backup let go").isEmpty();
        }
        assertThat(BackupManifest.readFrom(backup).files()).isPositive();
    }

    /** A backup whose progress cannot be reported (a client gone) is removed, and lets deletions go. */
    @Test
    void aBackupCutShortLeavesNothingAndHoldsNoDeletion() throws IOException {
        Path backup = temp.resolve("backup");
        try (OpenDataDirectory data = open(temp.resolve("data"))) {
            ContentId id = write(data, 70_000);
            assertThatThrownBy(() -> Backup.take(data, backup, new Recording() {
                @Override
                public void add(long items, long bytes) throws IOException {
                    throw new IOException("gone");
                }
            })).isInstanceOfSatisfying(BackupException.class,
                    e -> assertThat(e.reason()).isEqualTo(BackupException.Reason.FAILED));
            assertThat(backup).doesNotExist();
            data.blobs().delete(id);
            assertThat(data.blobs().open(id)).isEmpty();
        }
    }

    @Test
    void aBackupIntoADirectoryThatIsNotEmptyIsRefusedAndChangesNothing() throws IOException {
        Path backup = temp.resolve("backup");
        Files.createDirectories(backup);
        Files.writeString(backup.resolve("mine"), "kept");
        try (OpenDataDirectory data = open(temp.resolve("data"))) {
            assertThatThrownBy(() -> Backup.take(data, backup, new Recording()))
                    .isInstanceOfSatisfying(BackupException.class,
                            e -> assertThat(e.reason()).isEqualTo(BackupException.Reason.REFUSED));
        }
        try (var entries = Files.list(backup)) {
            assertThat(entries.map(p -> p.getFileName().toString())).containsExactly("mine");
        }
    }

    /** A backup missing a file its manifest lists (copied in part) is refused, and the data directory is not made. */
    @Test
    void aBackupThatIsNotWholeIsNotRestored() throws IOException {
        Path backup = temp.resolve("backup");
        try (OpenDataDirectory data = open(temp.resolve("data"))) {
            write(data, 80_000);
            Backup.take(data, backup, new Recording());
        }
        try (var files = Files.walk(backup.resolve("blobs"))) {
            Files.delete(files.filter(Files::isRegularFile).findFirst().orElseThrow());
        }
        Path restored = temp.resolve("restored");
        assertThatThrownBy(() -> Restore.run(backup, restored, false, new Recording()))
                .isInstanceOfSatisfying(BackupException.class,
                        e -> assertThat(e.reason()).isEqualTo(BackupException.Reason.BAD_BACKUP));
        assertThat(restored).doesNotExist();
    }

    /** Restored, the directory holds the content, and no marker of a restore under way. */
    @Test
    void aRestoreLaysDownRecordsAndContentAndWithForceReplacesWhatWasThere() throws IOException {
        Path backup = temp.resolve("backup");
        ContentId id;
        try (OpenDataDirectory data = open(temp.resolve("data"))) {
            id = write(data, 90_000);
            Backup.take(data, backup, new Recording());
        }
        Path restored = temp.resolve("restored");
        Files.createDirectories(restored);
        Files.writeString(restored.resolve("old"), "replaced");
        assertThatThrownBy(() -> Restore.run(backup, restored, false, new Recording()))
                .isInstanceOfSatisfying(BackupException.class,
                        e -> assertThat(e.reason()).isEqualTo(BackupException.Reason.REFUSED));
        assertThat(restored.resolve("old")).exists();
        Recording progress = new Recording();
        BackupManifest manifest = Restore.run(backup, restored, true, progress);
        assertThat(progress.items).isEqualTo(manifest.files());
        assertThat(progress.bytes).isEqualTo(manifest.bytes());
        assertThat(restored.resolve("old")).doesNotExist();
        assertThat(restored.resolve(RocksDbKeyValueStore.RESTORE_MARKER)).doesNotExist();
        try (OpenDataDirectory data = open(restored)) {
            assertThat(data.blobs().open(id)).hasValueSatisfying(reader -> assertThat(reader.size()).isEqualTo(90_000));
        }
    }

    private static OpenDataDirectory open(Path dir) {
        return OpenDataDirectory.open(dir, RocksDbKeyValueStore.MIN_CACHE_BYTES);
    }

    private static ContentId write(OpenDataDirectory data, int size) {
        try (ContentWriter writer = data.blobs().create()) {
            writer.write(ByteBuffer.wrap(new byte[size]));
            return writer.finish();
        }
    }

    /** Progress, added up. */
    private static class Recording implements ProgressSink {
        final List<long[]> expected = new ArrayList<>();
        long items;
        long bytes;

        @Override
        public void expect(long items, long bytes) {
            expected.add(new long[] {items, bytes});
        }

        @Override
        public void add(long items, long bytes) throws IOException {
            this.items += items;
            this.bytes += bytes;
        }
    }
}
