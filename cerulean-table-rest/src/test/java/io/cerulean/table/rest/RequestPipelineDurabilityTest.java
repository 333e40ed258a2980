package io.cerulean.table.rest;

import static io.cerulean.table.rest.SignedRequests.pipeline;
import static io.cerulean.table.rest.SignedRequests.signed;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.auth.Account;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A write is answered only once the store says it is durable, and never as a success when the
 * store says it cannot be; reads and refused writes are answered at once. The store here is the
 * in-memory one, with its durability signal held back by the test, which a real disk cannot be
 * made to do on demand.
 */
class RequestPipelineDurabilityTest {
    private final HeldDurabilityStore store = new HeldDurabilityStore();
    private final TableService service = new TableService(TableLayout.open(Database.open(store, false)),
            HybridClock.system(Lease.none()), Duration.ofSeconds(5));
    private final RequestPipeline<?, ?, ?> pipeline = pipeline(service);

    @BeforeEach
    void holdDurability() {
        store.holding = true;
    }

    @Test
    void anInsertIsAnsweredOnlyOnceItIsDurable() {
        service.createTable(Account.DEVELOPMENT_NAME, "held");
        AtomicReference<AzureResponse> answer = new AtomicReference<>();

        pipeline.handle(insert("held", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Value\":1}"), answer::set);

        assertThat(answer.get()).as("answered before the write was durable").isNull();
        assertThat(store.pending).hasSize(1);
        store.pending.get(0).complete(null);
        assertThat(answer.get()).isNotNull();
        assertThat(answer.get().status()).isEqualTo(201);
    }

    @Test
    void aWriteThatCannotBeMadeDurableIsAnInternalErrorNotASuccess() {
        service.createTable(Account.DEVELOPMENT_NAME, "doomed");
        AtomicReference<AzureResponse> answer = new AtomicReference<>();

        pipeline.handle(insert("doomed", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"), answer::set);
        store.pending.get(0).completeExceptionally(new IllegalStateException("fsync failed"));

        assertThat(answer.get().status()).isEqualTo(500);
        assertThat(new String(answer.get().body(), StandardCharsets.UTF_8)).contains("InternalError");
    }

    @Test
    void readsAndRefusedWritesAreAnsweredAtOnce() {
        service.createTable(Account.DEVELOPMENT_NAME, "quick");
        AtomicReference<AzureResponse> insert = new AtomicReference<>();
        pipeline.handle(insert("quick", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"), insert::set);
        store.pending.get(0).complete(null);
        store.pending.clear();

        AtomicReference<AzureResponse> again = new AtomicReference<>();
        pipeline.handle(insert("quick", "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}"), again::set);
        AtomicReference<AzureResponse> read = new AtomicReference<>();
        pipeline.handle(signed("GET", "/devstoreaccount1/quick(PartitionKey='p',RowKey='r')", new byte[0]), read::set);

        assertThat(again.get().status()).isEqualTo(409);
        assertThat(read.get().status()).isEqualTo(200);
        assertThat(store.pending).as("nothing waited for durability").isEmpty();
    }

    private static AzureRequest insert(String table, String json) {
        return signed("POST", "/devstoreaccount1/" + table, json.getBytes(StandardCharsets.UTF_8));
    }

    /** The in-memory store, but durable only when the test says so, once it holds durability. */
    private static final class HeldDurabilityStore extends ForwardingKeyValueStore {
        final List<CompletableFuture<Void>> pending = new ArrayList<>();
        volatile boolean holding;

        HeldDurabilityStore() {
            super(new MemoryKeyValueStore());
        }

        @Override
        public CompletableFuture<Void> whenDurable() {
            if (!holding) {
                return super.whenDurable();
            }
            CompletableFuture<Void> durable = new CompletableFuture<>();
            pending.add(durable);
            return durable;
        }
    }
}
