package io.cerulean.table.rest;

import static io.cerulean.table.rest.SignedRequests.pipeline;
import static io.cerulean.table.rest.SignedRequests.signed;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.auth.Account;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A store that cannot answer makes every request a 503 ServerBusy with Retry-After, which the SDKs
 * retry, never a 500 and never a hang; nothing is written meanwhile, and once the store is back the
 * same requests succeed. The store here is the in-memory one behind a switch, under the real
 * table layout.
 */
class RequestPipelineStoreUnavailableTest {
    private final SwitchedStore store = new SwitchedStore(new MemoryKeyValueStore());
    private final TableService service = new TableService(TableLayout.open(Database.open(store, false)),
            HybridClock.system(Lease.none()), Duration.ofSeconds(5));
    private final RequestPipeline<?, ?, ?> pipeline = pipeline(service);

    @Test
    void everyKindOfRequestIsServerBusyWhileTheStoreIsDownAndServedOnceItIsBack() {
        service.createTable(Account.DEVELOPMENT_NAME, "kept");
        byte[] entity = "{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Value\":\"v\"}".getBytes(StandardCharsets.UTF_8);

        store.down = true;
        for (AzureResponse response : List.of(
                send("GET", "/devstoreaccount1/kept(PartitionKey='p',RowKey='r')", new byte[0]),
                send("POST", "/devstoreaccount1/kept", entity),
                send("GET", "/devstoreaccount1/kept()", new byte[0]),
                send("POST", "/devstoreaccount1/Tables", "{\"TableName\":\"other\"}".getBytes(StandardCharsets.UTF_8)),
                send("DELETE", "/devstoreaccount1/Tables('kept')", new byte[0]))) {
            assertThat(response.status()).as("%s", new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(503);
            Map<String, String> headers = headers(response);
            assertThat(headers).containsEntry("x-ms-error-code", "ServerBusy").containsEntry("Retry-After", "1");
            assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("ServerBusy");
        }

        store.down = false;
        assertThat(send("GET", "/devstoreaccount1/kept(PartitionKey='p',RowKey='r')", new byte[0]).status())
                .as("the insert refused while the store was down wrote nothing").isEqualTo(404);
        assertThat(send("POST", "/devstoreaccount1/kept", entity).status()).isEqualTo(201);
        assertThat(send("GET", "/devstoreaccount1/kept(PartitionKey='p',RowKey='r')", new byte[0]).status())
                .isEqualTo(200);
        assertThat(send("GET", "/devstoreaccount1/Tables('kept')", new byte[0]).status())
                .as("the Delete Table refused while the store was down removed nothing").isEqualTo(200);
    }

    private AzureResponse send(String method, String path, byte[] body) {
        AtomicReference<AzureResponse> response = new AtomicReference<>();
        pipeline.handle(signed(method, path, body), response::set);
        assertThat(response.get()).as("%s %s is answered at once", method, path).isNotNull();
        return response.get();
    }

    private static Map<String, String> headers(AzureResponse response) {
        return response.headers().stream().collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                Map.Entry::getValue, (a, b) -> b));
    }

    /** A store that fails every call as an unreachable engine would, while {@link #down}. */
    private static final class SwitchedStore implements KeyValueStore {
        private final KeyValueStore inner;
        volatile boolean down;

        SwitchedStore(KeyValueStore inner) {
            this.inner = inner;
        }

        private void check() {
            if (down) {
                throw new StoreUnavailableException("the store is down (switched off by the test)");
            }
        }

        @Override
        public Optional<StoredValue> get(Space space, byte[] partition, byte[] row) {
            check();
            return inner.get(space, partition, row);
        }

        @Override
        public RecordCursor scan(Space space, RecordRange range) {
            check();
            return inner.scan(space, range);
        }

        @Override
        public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
            check();
            return inner.commit(space, partition, mutations);
        }

        @Override
        public void drop(Space space) {
            check();
            inner.drop(space);
        }

        @Override
        public CompletableFuture<Void> whenDurable() {
            return down ? CompletableFuture.failedFuture(new StoreUnavailableException("down")) : inner.whenDurable();
        }

        @Override
        public void close() {
            inner.close();
        }
    }
}
