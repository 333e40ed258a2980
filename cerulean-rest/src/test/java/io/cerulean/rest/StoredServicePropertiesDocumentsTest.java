package io.cerulean.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.properties.ServicePropertiesStorage.Stored;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Each service's document in the store it was built on: its own row, versioned, durable once put. */
class StoredServicePropertiesDocumentsTest {
    /** A store that counts the syncs asked of it. */
    private static final class CountedSyncs extends ForwardingKeyValueStore {
        int syncs;

        CountedSyncs(KeyValueStore store) {
            super(store);
        }

        @Override
        public CompletableFuture<Void> whenDurable() {
            syncs++;
            return super.whenDurable();
        }
    }

    private final CountedSyncs store = new CountedSyncs(new MemoryKeyValueStore());
    private final StoredServiceProperties queue = new StoredServiceProperties(store, "queue", true);
    private final StoredServiceProperties blob = new StoredServiceProperties(store, "blob", true);

    @Test
    void eachServiceKeepsItsOwnDocumentOfEachAccount() {
        OptionalLong first = queue.put("acct", OptionalLong.empty(), new byte[] {1});

        assertThat(first).isPresent();
        assertThat(queue.get("acct")).map(Stored::document).hasValueSatisfying(d -> assertThat(d).containsExactly(1));
        assertThat(blob.get("acct")).isEmpty();
        assertThat(queue.get("other")).isEmpty();
    }

    @Test
    void aPutOnTheVersionItReadReplacesTheDocumentAndAStaleOneWritesNothing() {
        long first = queue.put("acct", OptionalLong.empty(), new byte[] {1}).orElseThrow();
        long second = queue.put("acct", OptionalLong.of(first), new byte[] {2}).orElseThrow();

        assertThat(second).isGreaterThan(first);
        assertThat(queue.put("acct", OptionalLong.of(first), new byte[] {3})).isEmpty();
        assertThat(queue.put("acct", OptionalLong.empty(), new byte[] {4})).as("one is stored already").isEmpty();
        assertThat(queue.get("acct").orElseThrow().version()).isEqualTo(second);
        assertThat(queue.get("acct").orElseThrow().document()).containsExactly(2);
    }

    @Test
    void aPutThatAppliedWaitsForTheStoresSyncAndOneThatDidNotDoesNot() {
        long first = queue.put("acct", OptionalLong.empty(), new byte[] {1}).orElseThrow();
        assertThat(store.syncs).isEqualTo(1);

        queue.put("acct", OptionalLong.of(first + 7), new byte[] {2});
        assertThat(store.syncs).isEqualTo(1);
    }

    @Test
    void whetherThisServerIsTheStoresOnlyUserIsAsWired() {
        assertThat(queue.exclusive()).isTrue();
        assertThat(new StoredServiceProperties(store, "queue", false).exclusive()).isFalse();
    }
}
