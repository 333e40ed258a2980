package io.cerulean.storage.database;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class StoreProbeTest {
    @Test
    void aStoreThatTakesWritesPassesAndTheRecordIsGoneOnceForgotten() {
        MemoryKeyValueStore records = new MemoryKeyValueStore();
        StoreProbe probe = new StoreProbe(Database.open(records, true), "memory");
        assertThat(probe.roundTrip()).isEmpty();
        assertThat(probe.roundTrip()).isEmpty();
        assertThat(healthPartitions(records)).hasSize(1);
        probe.forget();
        assertThat(healthPartitions(records)).isEmpty();
    }

    @Test
    void eachStepThatFailsIsNamedWithTheStoresOwnMessage() {
        MemoryKeyValueStore records = new MemoryKeyValueStore();
        Database database = Database.open(records, true);
        records.close();
        assertThat(new StoreProbe(database, "memory").roundTrip())
                .hasValue("memory cannot write: the store is closed");

        Failing unsynced = new Failing();
        Database onUnsynced = Database.open(unsynced, true);
        unsynced.syncFails = true;
        assertThat(new StoreProbe(onUnsynced, "RocksDB").roundTrip())
                .hasValue("RocksDB cannot make writes durable: the log cannot be synced");

        Failing forgetful = new Failing();
        Database onForgetful = Database.open(forgetful, true);
        forgetful.readsNothing = true;
        assertThat(new StoreProbe(onForgetful, "Cassandra").roundTrip())
                .hasValue("Cassandra does not read back what it wrote: expected version 1, read nothing");
    }

    /** A fault injector: a memory store whose syncs fail, or whose reads find nothing, once told to. */
    private static final class Failing extends ForwardingKeyValueStore {
        volatile boolean syncFails;
        volatile boolean readsNothing;

        Failing() {
            super(new MemoryKeyValueStore());
        }

        @Override
        public CompletableFuture<Void> whenDurable() {
            return syncFails ? CompletableFuture.failedFuture(new StoreUnavailableException("the log cannot be synced"))
                    : super.whenDurable();
        }

        @Override
        public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
            return readsNothing ? Optional.empty() : super.get(space, partition, row);
        }
    }

    private static List<String> healthPartitions(MemoryKeyValueStore records) {
        List<String> found = new ArrayList<>();
        try (var cursor = records.scan(KeySpaces.SERVER_STATE.single(), RecordRange.all())) {
            while (cursor.advance()) {
                String partition = new String(cursor.partition().toArray(), StandardCharsets.US_ASCII);
                if (partition.startsWith("health:")) {
                    found.add(partition);
                }
            }
        }
        return found;
    }
}
