package io.cerulean.table.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.Lease;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.service.TableService;
import io.cerulean.table.time.HybridClock;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which requests run on the event loop that read them: point reads only, never a scan or a write. */
class PointReadTest {
    private final RequestPipeline<?, ?, ?> pipeline = SignedRequests.pipeline(new TableService(
            TableLayout.open(Database.open(new MemoryKeyValueStore(), false)), HybridClock.system(Lease.none()),
            Duration.ofSeconds(5)));

    @ParameterizedTest(name = "{0} {1}: point read={2}")
    @CsvSource(delimiter = '|', value = {
        "GET    | /devstoreaccount1/t(PartitionKey='p',RowKey='r')       | true",
        "GET    | /devstoreaccount1/t(PartitionKey='p%29',RowKey='r')    | true",
        "GET    | /devstoreaccount1/Tables('t')                          | true",
        "GET    | /devstoreaccount1/t()                                  | false",
        "GET    | /devstoreaccount1/t                                    | false",
        "GET    | /devstoreaccount1/Tables                               | false",
        "PUT    | /devstoreaccount1/t(PartitionKey='p',RowKey='r')       | false",
        "DELETE | /devstoreaccount1/t(PartitionKey='p',RowKey='r')       | false",
        "POST   | /devstoreaccount1/$batch                               | false",
    })
    void onlyGetsOfOneKeyArePointReads(String method, String path, boolean pointRead) {
        AzureRequest request = new AzureRequest(method, path, Map.of(), new DefaultHttpHeaders(), new byte[0], false,
                "127.0.0.1");
        // As the server asks: its head routed once, then where it runs.
        assertThat(pipeline.runsOnEventLoop(pipeline.routed(request))).isEqualTo(pointRead);
    }
}
