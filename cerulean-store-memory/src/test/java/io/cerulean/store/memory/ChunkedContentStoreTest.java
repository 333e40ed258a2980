package io.cerulean.store.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.content.ChunkedContentStore;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentStoreConformanceTest;
import org.junit.jupiter.api.Test;

/** Content as records (what a Cassandra cluster keeps), held to the content seam's contract on the memory store. */
class ChunkedContentStoreTest extends ContentStoreConformanceTest {
    private MemoryKeyValueStore records;

    @Override
    protected ContentStore newStore() {
        records = new MemoryKeyValueStore();
        return new ChunkedContentStore(records);
    }

    @Override
    protected ContentStore reopen(ContentStore closed) {
        closed.close();
        return new ChunkedContentStore(records);
    }

    private int records() {
        int n = 0;
        try (RecordCursor cursor = records.scan(KeySpaces.CONTENT_CHUNKS.single(), RecordRange.all())) {
            while (cursor.advance()) {
                n++;
            }
        }
        return n;
    }

    @Test
    void contentShorterThanAChunkIsOneRecordAndLongerContentIsChunksAndAManifest() {
        int chunk = ChunkedContentStore.CHUNK_BYTES;
        byte[] small = randomBytes(1024, 3);
        ContentId one = write(small, 100);
        assertThat(records()).as("a 1 KiB content: its manifest, holding the bytes").isEqualTo(1);
        assertThat(read(one, 0, 2048)).isEqualTo(small);
        assertThat(read(one, 1000, 100)).hasSize(24);

        for (int length : new int[] {chunk - 1, chunk, chunk + 1}) {
            byte[] content = randomBytes(length, length);
            ContentId id = write(content, 256 * 1024);
            assertThat(read(id, 0, length)).as("%d bytes", length).isEqualTo(content);
            assertThat(read(id, length - 10, 10)).isEqualTo(java.util.Arrays.copyOfRange(content, length - 10, length));
            assertThat(store.delete(id)).isTrue();
        }
        assertThat(records()).as("every deleted content's chunks and manifest are gone").isEqualTo(1);
        assertThat(store.delete(one)).isTrue();
        assertThat(records()).isZero();
    }

    @Test
    void theChunksOfContentDeletedWhileReadGoWithItsLastReader() {
        byte[] content = randomBytes(ChunkedContentStore.CHUNK_BYTES * 2 + 5, 6);
        ContentId id = write(content, 256 * 1024);
        ContentReader one = store.open(id).orElseThrow();
        ContentReader two = store.open(id).orElseThrow();

        assertThat(store.delete(id)).isTrue();
        assertThat(records()).as("the manifest goes, the chunks stay for the readers").isEqualTo(3);
        one.close();
        one.close();
        assertThat(records()).isEqualTo(3);
        two.close();
        assertThat(records()).as("the last reader took the chunks").isZero();
    }
}
