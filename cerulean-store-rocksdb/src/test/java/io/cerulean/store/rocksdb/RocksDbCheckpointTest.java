package io.cerulean.store.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RocksDbCheckpointTest {
    private static final Space TABLE = KeySpaces.TABLE_ENTITIES.instance(1);

    @TempDir
    Path dir;

    /** A checkpoint holds what was written before it, whole batches included, and nothing written after it. */
    @Test
    void aCheckpointOpensAsTheStoreWasWhenItWasTaken() {
        Path copy = dir.resolve("copy");
        try (RocksDbKeyValueStore store = RocksDbKeyValueStore.open(dir.resolve("db"))) {
            put(store, "p", List.of("a", "b", "c"));
            store.whenDurable().join();
            store.checkpoint(copy);
            put(store, "p", List.of("d"));
            put(store, "q", List.of("e"));
        }
        try (RocksDbKeyValueStore restored = RocksDbKeyValueStore.open(copy)) {
            for (String row : List.of("a", "b", "c")) {
                assertThat(restored.get(TABLE, bytes("p"), bytes(row))).isPresent();
            }
            assertThat(restored.get(TABLE, bytes("p"), bytes("d"))).isEmpty();
            assertThat(restored.get(TABLE, bytes("q"), bytes("e"))).isEmpty();
        }
    }

    @Test
    void aCheckpointIntoAnExistingDirectoryIsRefused() throws Exception {
        Files.createDirectories(dir.resolve("taken"));
        try (RocksDbKeyValueStore store = RocksDbKeyValueStore.open(dir.resolve("db"))) {
            assertThatThrownBy(() -> store.checkpoint(dir.resolve("taken")))
                    .isInstanceOf(StoreUnavailableException.class);
        }
    }

    /** A directory a restore was laying down when it stopped holds the marker, and is not opened. */
    @Test
    void aDirectoryHalfRestoredIsNotOpened() throws Exception {
        Path data = dir.resolve("half");
        Files.createDirectories(data);
        Files.writeString(data.resolve(RocksDbKeyValueStore.RESTORE_MARKER), "");
        assertThatThrownBy(() -> RocksDbKeyValueStore.open(data))
                .isInstanceOf(StoreOpenException.class)
                .hasMessageContaining("restore");
        assertThat(Files.exists(data.resolve("CURRENT"))).isFalse();
    }

    private static void put(RocksDbKeyValueStore store, String partition, List<String> rows) {
        store.commit(TABLE, bytes(partition), rows.stream()
                .map(row -> RecordMutation.put(bytes(row), StoredValue.of(1, bytes(row)), Precondition.NONE))
                .toList());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
