package io.cerulean.table.rest;

import static io.cerulean.table.rest.SignedRequests.pipeline;
import static io.cerulean.table.rest.SignedRequests.signed;
import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.auth.Account;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A request whose work does not fit in the heap beside the others' is answered ServerBusy, which
 * clients retry, and the server goes on answering: left unanswered, it would hold up every later
 * answer on its connection. The store here runs out of memory on demand, as a query of many large
 * entities would on a small heap.
 */
class RequestPipelineOutOfMemoryTest {
    private final ScanOutOfMemoryStore store = new ScanOutOfMemoryStore();
    private final TableService service = new TableService(TableLayout.open(Database.open(store, false)),
            HybridClock.system(Lease.none()), Duration.ofSeconds(5));
    private final RequestPipeline<?, ?, ?> pipeline = pipeline(service);

    @Test
    void aQueryThatRunsOutOfHeapIsServerBusyAndTheNextIsAnswered() {
        service.createTable(Account.DEVELOPMENT_NAME, "big");
        store.outOfMemoryOnNextScan = true;

        AtomicReference<AzureResponse> failed = new AtomicReference<>();
        pipeline.handle(signed("GET", "/devstoreaccount1/big()", new byte[0]), failed::set);
        AtomicReference<AzureResponse> next = new AtomicReference<>();
        pipeline.handle(signed("GET", "/devstoreaccount1/big()", new byte[0]), next::set);

        assertThat(failed.get().status()).isEqualTo(503);
        assertThat(new String(failed.get().body(), StandardCharsets.UTF_8)).contains("ServerBusy");
        assertThat(next.get().status()).isEqualTo(200);
        assertThat(new String(next.get().body(), StandardCharsets.UTF_8)).isEqualTo("{\"value\":[]}");
    }

    /** The in-memory store, whose next scan fails for want of heap when the test says so. */
    private static final class ScanOutOfMemoryStore extends ForwardingKeyValueStore {
        volatile boolean outOfMemoryOnNextScan;

        ScanOutOfMemoryStore() {
            super(new MemoryKeyValueStore());
        }

        @Override
        public RecordCursor scan(Space space, RecordRange range) {
            if (outOfMemoryOnNextScan) {
                outOfMemoryOnNextScan = false;
                throw new OutOfMemoryError("Java heap space (thrown by the test)");
            }
            return super.scan(space, range);
        }
    }
}
