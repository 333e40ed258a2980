package io.cerulean.storage.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentWriter;
import io.cerulean.store.memory.MemoryContentStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DatabaseTest {
    @Test
    void closingTheDatabaseClosesBothStores() {
        MemoryKeyValueStore records = new MemoryKeyValueStore();
        MemoryContentStore contents = new MemoryContentStore();
        Database database = Database.open(records, contents, true);
        assertThat(database.exclusive()).isTrue();
        database.close();
        assertThatThrownBy(() -> records.get(KeySpaces.SERVER_STATE.single(), new byte[] {1}, new byte[0]))
                .isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(contents::create).isInstanceOf(StoreUnavailableException.class);
    }

    @Test
    void theFormatsOfTheSpacesItKeepsItselfAreRecordedAndARefusedOpenClosesBoth() {
        MemoryKeyValueStore records = new MemoryKeyValueStore();
        Database.open(records, false);
        assertThat(records.get(KeySpaces.SERVER_STATE.single(), ascii("format:service-properties"), new byte[0]))
                .isPresent();
        records.commit(KeySpaces.SERVER_STATE.single(), ascii("format:content-chunks"), List.of(RecordMutation.put(
                new byte[0], new StoredValue(99, StoredValue.allocate(0)), Precondition.NONE)));
        MemoryContentStore contents = new MemoryContentStore();
        assertThatThrownBy(() -> Database.open(records, contents, false)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("content-chunks");
        assertThatThrownBy(contents::create).as("the content store was closed")
                .isInstanceOf(StoreUnavailableException.class);
    }

    /** Content beside records in the same store, as on a cluster: written, read back and closed with it. */
    @Test
    void contentKeptAsRecordsOfTheStoreItself() throws Exception {
        try (Database database = Database.open(new MemoryKeyValueStore(), false)) {
            ContentWriter writer = database.contents().create();
            writer.write(java.nio.ByteBuffer.wrap(ascii("bytes")));
            var id = writer.finish();
            assertThat(database.contents().open(id)).isPresent();
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
