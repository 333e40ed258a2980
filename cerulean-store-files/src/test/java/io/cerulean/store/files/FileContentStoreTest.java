package io.cerulean.store.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentStoreConformanceTest;
import io.cerulean.storage.content.ContentWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileContentStoreTest extends ContentStoreConformanceTest {
    @TempDir
    Path dir;

    @Override
    protected ContentStore newStore() {
        return FileContentStore.open(dir.resolve("content"));
    }

    @Override
    protected ContentStore reopen(ContentStore closed) {
        closed.close();
        return FileContentStore.open(dir.resolve("content"));
    }

    /** A writer stopped by a crash leaves a file in incoming, which the next open removes. */
    @Test
    void contentLeftUnfinishedByACrashIsRemovedAtOpen() throws Exception {
        ContentWriter abandoned = store.create();
        abandoned.write(ByteBuffer.wrap(new byte[4096]));
        ContentId kept = write(new byte[] {1, 2}, 1);
        store = reopen(store);
        try (Stream<Path> incoming = Files.list(dir.resolve("content").resolve("incoming"))) {
            assertThat(incoming).isEmpty();
        }
        assertThat(read(kept, 0, 2)).containsExactly(1, 2);
    }

    /** A file deleted while deletions are held stays readable until the last hold is released. */
    @Test
    void deletionsWaitForTheLastHold() {
        FileContentStore files = (FileContentStore) store;
        ContentId first = write(new byte[] {1, 2, 3}, 1);
        ContentId second = write(new byte[] {4, 5}, 1);
        FileContentStore.DeletionHold outer = files.holdDeletions();
        FileContentStore.DeletionHold inner = files.holdDeletions();
        assertThat(files.delete(first)).isTrue();
        inner.close();
        inner.close(); // a second close releases nothing more
        assertThat(files.open(first)).isPresent();
        assertThat(Files.exists(files.file(first))).isTrue();
        outer.close();
        assertThat(files.open(first)).isEmpty();
        assertThat(files.open(second)).isPresent();
        assertThat(files.delete(second)).isTrue(); // no hold: at once
        assertThat(files.open(second)).isEmpty();
    }
}
