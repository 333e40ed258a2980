package io.cerulean.storage.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.StoreFormatException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
    private final KeyValueStore store = new MemoryKeyValueStore();

    private long item(String name) {
        return store.get(KeySpaces.SERVER_STATE.single(), name.getBytes(StandardCharsets.US_ASCII), new byte[0])
                .orElseThrow().version();
    }

    private void setItem(String name, long number) {
        store.commit(KeySpaces.SERVER_STATE.single(), name.getBytes(StandardCharsets.US_ASCII), List.of(
                RecordMutation.put(new byte[0], new StoredValue(number, StoredValue.allocate(0)), Precondition.NONE)));
    }

    @Test
    void aKeySpacesFormatIsRecordedOnFirstUseAndCheckedAtEveryOpen() {
        new ServerState(store).checkFormat(KeySpaces.QUEUE_MESSAGES, 3);
        assertThat(item("format:queue-messages")).isEqualTo(3);
        new ServerState(store).checkFormat(KeySpaces.QUEUE_MESSAGES, 3); // the same format: opens
        assertThatThrownBy(() -> new ServerState(store).checkFormat(KeySpaces.QUEUE_MESSAGES, 4))
                .isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("queue-messages")
                .hasMessageContaining("key format 3")
                .hasMessageContaining("reads format 4");
        new ServerState(store).checkFormat(KeySpaces.BLOBS, 4); // each space on its own
    }

    /** The Table service's format, recorded once before formats were kept per key space, still guards both its spaces. */
    @Test
    void aFormatTheOwnerStillReadsIsRaisedSoThatEarlierReleasesRefuseIt() {
        new ServerState(store).checkFormat(KeySpaces.BLOBS, 1);
        new ServerState(store).checkFormat(KeySpaces.BLOBS, 2, 1); // reads 1, raises it
        assertThatThrownBy(() -> new ServerState(store).checkFormat(KeySpaces.BLOBS, 1))
                .isInstanceOf(StoreFormatException.class).hasMessageContaining("key format 2");
        new ServerState(store).checkFormat(KeySpaces.BLOBS, 2, 1); // raised once: opens as it is
        assertThatThrownBy(() -> new ServerState(store).checkFormat(KeySpaces.BLOBS, 3, 3))
                .isInstanceOf(StoreFormatException.class); // a format it does not read is refused, not raised
        new ServerState(store).checkFormat(KeySpaces.BLOBS, 2);
    }

    @Test
    void theTableFormatRecordedBeforeFormatsWerePerKeySpaceGuardsBothTableSpaces() {
        setItem("table-format", 2);
        assertThatThrownBy(() -> new ServerState(store).checkFormat(KeySpaces.TABLE_ENTITIES, 1))
                .isInstanceOf(StoreFormatException.class).hasMessageContaining("key format 2");
        assertThatThrownBy(() -> new ServerState(store).checkFormat(KeySpaces.TABLE_CATALOG, 1))
                .isInstanceOf(StoreFormatException.class).hasMessageContaining("key format 2");
        new ServerState(store).checkFormat(KeySpaces.TABLE_CATALOG, 2);
    }

    /** Two servers sharing one store never hand out the same id. */
    @Test
    void idsAreNeverHandedOutTwiceUnderContention() throws Exception {
        ServerState one = new ServerState(store);
        ServerState two = new ServerState(store);
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                ServerState state = t % 2 == 0 ? one : two;
                runs.add(threads.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        assertThat(ids.add(state.nextId("next-table-id"))).isTrue();
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
    void countersAreCountedApart() {
        ServerState state = new ServerState(store);
        assertThat(state.nextId("a")).isEqualTo(1);
        assertThat(state.nextId("a")).isEqualTo(2);
        assertThat(state.nextId("b")).isEqualTo(1);
    }

    @Test
    void aLeaseIsKeptInTheStore() {
        assertThat(new ServerState(store).lease("clock-lease").load()).isEqualTo(Long.MIN_VALUE);
        new ServerState(store).lease("clock-lease").raise(1234L);
        assertThat(new ServerState(store).lease("clock-lease").load()).isEqualTo(1234L);
        assertThat(new ServerState(store).lease("another").load()).isEqualTo(Long.MIN_VALUE);
    }

    /**
     * Regression: servers sharing a store share the clock's mark, and one whose clock is behind
     * lowered it, so a server restarting on it could issue again the ticks another had issued.
     */
    @Test
    void aLeaseIsNeverLoweredByAServerWhoseClockIsBehind() {
        new ServerState(store).lease("clock-lease").raise(5_000L);
        new ServerState(store).lease("clock-lease").raise(1_000L);
        assertThat(new ServerState(store).lease("clock-lease").load()).isEqualTo(5_000L);
        new ServerState(store).lease("clock-lease").raise(7_000L);
        assertThat(new ServerState(store).lease("clock-lease").load()).isEqualTo(7_000L);
    }

    /** Servers sharing a store get one secret: the first to ask draws it, the rest and restarts read it. */
    @Test
    void aSecretIsDrawnOnceAndKept() {
        byte[] first = new ServerState(store).secret("a-secret", 32);
        assertThat(first).hasSize(32);
        assertThat(new ServerState(store).secret("a-secret", 32)).isEqualTo(first);
        assertThat(new ServerState(store).secret("another", 32)).isNotEqualTo(first);
        assertThat(new ServerState(new MemoryKeyValueStore()).secret("a-secret", 32))
                .as("another store, another secret").isNotEqualTo(first);
    }
}
