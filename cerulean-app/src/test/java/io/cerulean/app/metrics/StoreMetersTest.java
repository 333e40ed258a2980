package io.cerulean.app.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.content.ContentId;
import io.cerulean.storage.content.ContentReader;
import io.cerulean.storage.content.ContentStore;
import io.cerulean.storage.content.ContentWriter;
import io.cerulean.store.memory.MemoryContentStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The metering wrappers: what each call counts, under which labels, and that closing removes it all. */
class StoreMetersTest {
    private static final Space TABLE = KeySpaces.TABLE_ENTITIES.instance(1);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final StoreMeters meters = new StoreMeters(registry);

    @Test
    void commitsAreTimedByOutcome() {
        KeyValueStore store = meters.records(new MemoryKeyValueStore(), "memory");
        store.commit(TABLE, bytes("p"), List.of(insert("a")));
        store.commit(TABLE, bytes("p"), List.of(insert("b")));
        assertThat(store.commit(TABLE, bytes("p"), List.of(insert("a"))))
                .isInstanceOf(CommitOutcome.PreconditionFailed.class);
        store.whenDurable().join();
        assertThat(commits("memory", "committed")).isEqualTo(2);
        assertThat(commits("memory", "precondition_failed")).isEqualTo(1);
        assertThat(commits("memory", "unavailable")).isZero();
        assertThat(registry.get("cerulean.store.durable").tag("store", "memory").timer().count()).isEqualTo(1);
    }

    @Test
    void aStoreThatCannotAnswerIsTimedAsUnavailable() {
        KeyValueStore refusing = new ForwardingKeyValueStore(new MemoryKeyValueStore()) {
            @Override
            public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
                throw new StoreUnavailableException("no quorum");
            }
        };
        KeyValueStore store = meters.records(refusing, "cassandra");
        assertThatThrownBy(() -> store.commit(TABLE, bytes("p"), List.of(insert("a"))))
                .isInstanceOf(StoreUnavailableException.class);
        assertThat(commits("cassandra", "unavailable")).isEqualTo(1);
        assertThat(commits("cassandra", "committed")).isZero();
    }

    @Test
    void contentBytesAreCountedAsTheyStream() {
        ContentStore store = meters.contents(new MemoryContentStore(), "memory");
        ContentId id;
        try (ContentWriter writer = store.create()) {
            writer.write(ByteBuffer.wrap(new byte[1_000]));
            writer.write(ByteBuffer.wrap(new byte[234]));
            assertThat(counter("cerulean.content.written")).isEqualTo(1_234);
            id = writer.finish();
        }
        try (ContentReader reader = store.open(id).orElseThrow()) {
            ByteBuffer target = ByteBuffer.allocate(1_000);
            assertThat(reader.read(200, target)).isEqualTo(1_000);
            target.clear();
            assertThat(reader.read(1_200, target)).isEqualTo(34);
            target.clear();
            assertThat(reader.read(1_234, target)).isEqualTo(-1);
        }
        assertThat(counter("cerulean.content.read")).isEqualTo(1_034);
        assertThat(store.delete(id)).isTrue();
        assertThat(store.delete(id)).isFalse();
        assertThat(counter("cerulean.content.deleted")).isEqualTo(1);
    }

    @Test
    void closingTheRecordsRemovesEveryMeterOfTheDatabase() {
        KeyValueStore records = meters.records(new MemoryKeyValueStore(), "memory");
        ContentStore contents = meters.contents(new MemoryContentStore(), "memory");
        assertThat(registry.getMeters()).isNotEmpty();
        contents.close();
        records.close();
        assertThat(registry.getMeters()).isEmpty();
    }

    private double commits(String store, String outcome) {
        return registry.get("cerulean.store.commit").tags("store", store, "outcome", outcome).timer().count();
    }

    private double counter(String name) {
        return registry.get(name).tag("store", "memory").counter().count();
    }

    private static RecordMutation insert(String row) {
        return RecordMutation.put(bytes(row), StoredValue.of(1, bytes(row)), Precondition.MUST_NOT_EXIST);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
