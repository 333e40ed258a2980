package io.cerulean.jmh;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One entity group transaction of 100 inserts of about 1 KiB, in the multipart form the SDKs send,
 * from an authenticated request to the answer after the durable commit. Every batch writes a new
 * partition: the four characters of the PartitionKey are rewritten in place in a prebuilt body,
 * a base-36 count good for 1.6 million batches, an hour or more of measuring. The server works
 * on one batch while the previous one waits for its WAL sync, as it would with clients in parallel,
 * so the time per batch is the server's CPU for it rather than a disk's latency.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
@Fork(1)
public class PipelineBatchBenchmark extends PipelineBenchmark {
    private static final int OPERATIONS = 100;
    private static final String TABLE = "batches";
    private static final int PARTITION_KEY_LENGTH = Entities.partitionKey().length();

    private byte[] body;
    private String contentType;
    private int[] partitionKeyOffsets;
    private long partition;
    private CompletableFuture<AzureResponse> previous = CompletableFuture.completedFuture(null);

    @Setup(Level.Trial)
    public void setUp() {
        server = new ServerFixture(store);
        server.createTable(TABLE);
        String batch = "batch_" + UUID.randomUUID();
        String changeSet = "changeset_" + UUID.randomUUID();
        StringBuilder sb = new StringBuilder(130_000);
        sb.append("--").append(batch).append("\r\nContent-Type: multipart/mixed; boundary=").append(changeSet)
                .append("\r\n\r\n");
        for (int i = 0; i < OPERATIONS; i++) {
            sb.append("--").append(changeSet).append("\r\nContent-Type: application/http\r\n")
                    .append("Content-Transfer-Encoding: binary\r\n\r\n")
                    .append("POST http://127.0.0.1:10002/devstoreaccount1/").append(TABLE).append(" HTTP/1.1\r\n")
                    .append("Content-Type: application/json\r\nAccept: application/json;odata=nometadata\r\n")
                    .append("Prefer: return-no-content\r\nDataServiceVersion: 3.0\r\n\r\n")
                    .append(Entities.json(i)).append("\r\n");
        }
        sb.append("--").append(changeSet).append("--\r\n--").append(batch).append("--\r\n");
        body = sb.toString().getBytes(StandardCharsets.UTF_8);
        contentType = "multipart/mixed; boundary=" + batch;
        partitionKeyOffsets = new int[OPERATIONS];
        String marker = "\"PartitionKey\":\"";
        int from = 0;
        for (int i = 0; i < OPERATIONS; i++) {
            from = sb.indexOf(marker, from) + marker.length();
            partitionKeyOffsets[i] = from; // ASCII body: char offsets are byte offsets
        }
    }

    @Override
    protected void beforeClose() {
        previous.join();
    }

    @Benchmark
    public AzureResponse insertBatchOf100() {
        String count = Long.toString(++partition, 36);
        byte[] digits = ("0".repeat(PARTITION_KEY_LENGTH - count.length()) + count).getBytes(StandardCharsets.US_ASCII);
        byte[] request = body.clone();
        for (int offset : partitionKeyOffsets) {
            System.arraycopy(digits, 0, request, offset, digits.length);
        }
        AzureRequest batch = ServerFixture.signed("POST", "/devstoreaccount1/$batch", contentType, request);
        AzureResponse answered = previous.join();
        previous = server.submit(batch);
        return answered;
    }
}
