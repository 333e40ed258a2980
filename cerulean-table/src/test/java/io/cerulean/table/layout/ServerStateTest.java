package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ServerStateTest {
    @Test
    void theKeyFormatIsRecordedOnFirstUseAndCheckedAtEveryOpen() {
        MemoryKeyValueStore store = new MemoryKeyValueStore();
        KeyValueTableStore.open(store);
        assertThat(store.get(KeySpaces.SERVER_STATE.single(), ServerState.TABLE_FORMAT, new byte[0]))
                .hasValueSatisfying(v -> assertThat(v.version()).isEqualTo(EntityKeys.FORMAT_VERSION));
        KeyValueTableStore.open(store); // the same format: opens
        store.close();
    }

    @Test
    void aStoreOfAnotherKeyFormatIsRefusedAndClosed() {
        MemoryKeyValueStore store = new MemoryKeyValueStore();
        store.commit(KeySpaces.SERVER_STATE.single(), ServerState.TABLE_FORMAT, List.of(RecordMutation.put(new byte[0],
                new StoredValue(EntityKeys.FORMAT_VERSION + 1, StoredValue.allocate(0)), Precondition.NONE)));
        assertThatThrownBy(() -> KeyValueTableStore.open(store)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("key format " + (EntityKeys.FORMAT_VERSION + 1))
                .hasMessageContaining("reads format " + EntityKeys.FORMAT_VERSION);
        assertThatThrownBy(() -> store.get(KeySpaces.SERVER_STATE.single(), ServerState.TABLE_FORMAT, new byte[0]))
                .as("the store was closed").isInstanceOf(StoreUnavailableException.class);
    }

    /** Two servers sharing one store never hand out the same table id. */
    @Test
    void tableIdsAreNeverHandedOutTwiceUnderContention() throws Exception {
        KeyValueStore store = new MemoryKeyValueStore();
        ServerState one = new ServerState(store);
        ServerState two = new ServerState(store);
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> runs = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                ServerState state = t % 2 == 0 ? one : two;
                runs.add(threads.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        assertThat(ids.add(state.allocateTableId())).isTrue();
                    }
                }));
            }
            for (Future<?> run : runs) {
                run.get(30, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(new HashSet<>(ids)).hasSize(2_000).allMatch(id -> id >= 1 && id <= 2_000);
    }

    @Test
    void theClockLeaseIsKeptInTheStore() {
        KeyValueStore store = new MemoryKeyValueStore();
        assertThat(new ServerState(store).clockLease().load()).isEqualTo(Long.MIN_VALUE);
        new ServerState(store).clockLease().store(1234L);
        assertThat(new ServerState(store).clockLease().load()).isEqualTo(1234L);
    }

    /**
     * Regression: servers sharing a store share the clock's mark, and one whose clock is behind
     * lowered it, so a server restarting on it could issue again the ticks another had issued.
     */
    @Test
    void theClockLeaseIsNeverLoweredByAServerWhoseClockIsBehind() {
        KeyValueStore store = new MemoryKeyValueStore();
        new ServerState(store).clockLease().store(5_000L);
        new ServerState(store).clockLease().store(1_000L);
        assertThat(new ServerState(store).clockLease().load()).isEqualTo(5_000L);
        new ServerState(store).clockLease().store(7_000L);
        assertThat(new ServerState(store).clockLease().load()).isEqualTo(7_000L);
    }
}
