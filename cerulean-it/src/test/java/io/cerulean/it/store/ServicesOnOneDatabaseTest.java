package io.cerulean.it.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.storage.queue.QueueServiceClientBuilder;
import io.cerulean.app.Cerulean;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The services are peers on one database: each checks the format of its own key spaces only, and
 * the server, not a service, opens and closes the database.
 */
class ServicesOnOneDatabaseTest {
    private static void recordFormat(RocksDbKeyValueStore store, String item, long version) {
        store.commit(KeySpaces.SERVER_STATE.single(), item.getBytes(StandardCharsets.US_ASCII), List.of(
                RecordMutation.put(new byte[0], new StoredValue(version, StoredValue.allocate(0)), Precondition.NONE)));
        store.whenDurable().join();
    }

    @Test
    void tablesInAnotherFormatStopTheTableServiceOnlyAndARefusedStartLeavesTheDirectoryFree(@TempDir Path dir) {
        try (RocksDbKeyValueStore store = RocksDbKeyValueStore.open(dir)) {
            recordFormat(store, "table-format", 99);
        }
        assertThatThrownBy(() -> Cerulean.builder().dataDir(dir).port(0).start())
                .isInstanceOf(StoreFormatException.class).hasMessageContaining("key format 99");
        try (Cerulean queues = Cerulean.builder().dataDir(dir).port(0)
                .services(EnumSet.of(Cerulean.Service.QUEUE, Cerulean.Service.BLOB)).start()) {
            var client = new QueueServiceClientBuilder().connectionString(queues.connectionString()).buildClient();
            client.createQueue("served");
            assertThat(client.getQueueClient("served").getProperties().getApproximateMessagesCount()).isZero();
        }
    }

    @Test
    void queuesInAnotherFormatAreRefusedToo(@TempDir Path dir) {
        try (RocksDbKeyValueStore store = RocksDbKeyValueStore.open(dir)) {
            recordFormat(store, "format:queue-messages", 99);
        }
        assertThatThrownBy(() -> Cerulean.builder().dataDir(dir).port(0)
                .services(EnumSet.of(Cerulean.Service.QUEUE)).start())
                .isInstanceOf(StoreFormatException.class).hasMessageContaining("queue-messages");
        try (Cerulean tables = Cerulean.builder().dataDir(dir).port(0)
                .services(EnumSet.of(Cerulean.Service.TABLE)).start()) {
            assertThat(tables.services()).containsExactly(Cerulean.Service.TABLE);
        }
    }

    /** Closing a server closes what it opened, and not a store passed in, which others may be using. */
    @Test
    void aStorePassedInOutlivesTheServersOnIt() {
        MemoryKeyValueStore shared = new MemoryKeyValueStore();
        Cerulean.builder().store(shared).port(0).start().close();
        try (Cerulean again = Cerulean.builder().store(shared).port(0).start()) {
            var client = new QueueServiceClientBuilder().connectionString(again.connectionString()).buildClient();
            client.createQueue("after");
        }
        shared.close();
    }
}
