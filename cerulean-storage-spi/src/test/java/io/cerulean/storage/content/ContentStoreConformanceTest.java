package io.cerulean.storage.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cerulean.storage.StoreUnavailableException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link ContentStore}, run against every store: content streamed in pieces reads
 * back byte for byte from any position, unfinished content never appears (nor is listed), deletion,
 * listing, reopening and what a closed store answers.
 */
public abstract class ContentStoreConformanceTest {
    protected ContentStore store;

    /** A new, empty store. */
    protected abstract ContentStore newStore();

    /** The same store closed and opened again, for stores that keep their content; null otherwise. */
    protected ContentStore reopen(ContentStore closed) {
        return null;
    }

    @BeforeEach
    void open() {
        store = newStore();
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    protected static byte[] randomBytes(int length, long seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    /** Writes {@code content} in pieces of {@code piece} bytes, as a request body arrives. */
    protected ContentId write(byte[] content, int piece) {
        try (ContentWriter writer = store.create()) {
            for (int from = 0; from < content.length; from += piece) {
                writer.write(ByteBuffer.wrap(content, from, Math.min(piece, content.length - from)));
            }
            assertThat(writer.size()).isEqualTo(content.length);
            return writer.finish();
        }
    }

    protected byte[] read(ContentId id, long position, int length) {
        try (ContentReader reader = store.open(id).orElseThrow()) {
            ByteBuffer target = ByteBuffer.allocate(length);
            while (target.hasRemaining()) {
                int read = reader.read(position + target.position(), target);
                if (read < 0) {
                    break;
                }
            }
            return Arrays.copyOf(target.array(), target.position());
        }
    }

    @Test
    void contentStreamedInPiecesReadsBackWholeAndByRange() {
        byte[] content = randomBytes(5 * 1024 * 1024 + 17, 1);
        ContentId id = write(content, 64 * 1024 + 3);
        try (ContentReader reader = store.open(id).orElseThrow()) {
            assertThat(reader.size()).isEqualTo(content.length);
        }
        assertThat(read(id, 0, content.length)).isEqualTo(content);
        assertThat(read(id, 4_000_000, 1_000)).isEqualTo(Arrays.copyOfRange(content, 4_000_000, 4_001_000));
        assertThat(read(id, content.length - 5, 100)).as("a range past the end reads what there is")
                .isEqualTo(Arrays.copyOfRange(content, content.length - 5, content.length));
        try (ContentReader reader = store.open(id).orElseThrow()) {
            assertThat(reader.read(content.length, ByteBuffer.allocate(10))).isEqualTo(-1);
        }
    }

    @Test
    void emptyContentIsContentToo() {
        ContentId id = write(new byte[0], 1);
        try (ContentReader reader = store.open(id).orElseThrow()) {
            assertThat(reader.size()).isZero();
            assertThat(reader.read(0, ByteBuffer.allocate(1))).isEqualTo(-1);
        }
    }

    @Test
    void contentsAreApartAndIdsNeverRepeat() {
        ContentId one = write(new byte[] {1, 2, 3}, 2);
        ContentId two = write(new byte[] {4, 5}, 2);
        assertThat(one).isNotEqualTo(two);
        assertThat(read(one, 0, 10)).containsExactly(1, 2, 3);
        assertThat(read(two, 0, 10)).containsExactly(4, 5);
    }

    @Test
    void contentClosedUnfinishedIsDiscarded() {
        try (ContentWriter writer = store.create()) {
            writer.write(ByteBuffer.wrap(new byte[1000]));
        }
        assertThat(store.open(ContentId.random())).isEmpty();
    }

    @Test
    void deletedContentIsGone() {
        ContentId id = write(new byte[] {9}, 1);
        assertThat(store.delete(id)).isTrue();
        assertThat(store.open(id)).isEmpty();
        assertThat(store.delete(id)).isFalse();
    }

    @Test
    void contentOpenedBeforeItsDeleteReadsWhole() {
        byte[] large = randomBytes(5 * 1024 * 1024 / 2, 4); // more than a chunk of content as records
        byte[] small = randomBytes(1000, 5);
        ContentId largeId = write(large, 64 * 1024);
        ContentId smallId = write(small, 100);
        try (ContentReader largeReader = store.open(largeId).orElseThrow();
             ContentReader smallReader = store.open(smallId).orElseThrow()) {
            ByteBuffer first = ByteBuffer.allocate(1000);
            largeReader.read(0, first);
            assertThat(store.delete(largeId)).isTrue();
            assertThat(store.delete(smallId)).isTrue();
            assertThat(store.open(largeId)).as("gone to readers opened since").isEmpty();

            ByteBuffer all = ByteBuffer.allocate(large.length);
            while (all.hasRemaining() && largeReader.read(all.position(), all) >= 0) {
                // read on
            }
            assertThat(all.array()).isEqualTo(large);
            ByteBuffer smallAll = ByteBuffer.allocate(small.length);
            smallReader.read(0, smallAll);
            assertThat(smallAll.array()).isEqualTo(small);
        }
    }

    @Test
    void finishedContentOutlivesReopening() {
        byte[] content = randomBytes(300_000, 2);
        ContentId id = write(content, 8192);
        ContentStore reopened = reopen(store);
        assumeTrue(reopened != null, "the store keeps nothing");
        store = reopened;
        assertThat(read(id, 0, content.length)).isEqualTo(content);
    }

    @Test
    void aClosedStoreAnswersThatItIsUnavailable() {
        ContentId id = write(new byte[] {1}, 1);
        store.close();
        ContentStore closed = store;
        store = null;
        assertThatThrownBy(closed::create).isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> closed.open(id)).isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> closed.delete(id)).isInstanceOf(StoreUnavailableException.class);
        closed.close();
    }

    @Test
    void everyFinishedContentIsListedAndNoOtherOne() {
        ContentId small = write(randomBytes(10, 1), 10);
        ContentId large = write(randomBytes(3 * 1024 * 1024 + 5, 2), 256 * 1024);
        ContentId deleted = write(randomBytes(100, 3), 100);
        store.delete(deleted);
        java.util.Set<ContentId> listed = new java.util.HashSet<>();
        try (ContentWriter unfinished = store.create()) {
            unfinished.write(ByteBuffer.wrap(randomBytes(2 * 1024 * 1024, 4)));

            store.forEachContent(listed::add);
        }

        assertThat(listed).containsExactlyInAnyOrder(small, large);
    }
}
