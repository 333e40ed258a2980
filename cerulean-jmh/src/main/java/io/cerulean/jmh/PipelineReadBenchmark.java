package io.cerulean.jmh;

import io.cerulean.http.message.AzureRequest;
import java.nio.charset.StandardCharsets;
import java.util.Random;
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
 * Reads from a partition of 10,000 entities of about 1 KiB: a point read, a page of 1,000 (what
 * paging through a table costs per page), a filtered page and a RowKey range of 100 (the bench's
 * W4), each from the authenticated request to the JSON body.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PipelineReadBenchmark extends PipelineBenchmark {
    private static final String TABLE = "reads";
    private static final int ENTITIES = 10_000;

    private final Random random = new Random(11);
    private AzureRequest page;
    private AzureRequest filteredPage;
    /** Ranges of 100 rows at places spread over the partition, signed once. */
    private final AzureRequest[] ranges = new AzureRequest[64];
    private int nextRange;

    @Setup(Level.Trial)
    public void setUp() {
        server = new ServerFixture(store);
        server.createTable(TABLE);
        for (int i = 0; i < ENTITIES; i++) {
            byte[] entity = Entities.json(i).getBytes(StandardCharsets.US_ASCII);
            server.call(ServerFixture.signed("POST", "/devstoreaccount1/" + TABLE, "application/json", entity));
        }
        page = ServerFixture.signed("GET", "/devstoreaccount1/" + TABLE + "()?$top=1000", "application/json",
                new byte[0]);
        filteredPage = ServerFixture.signed("GET", "/devstoreaccount1/" + TABLE
                + "()?$top=1000&$filter=PartitionKey%20eq%20'" + Entities.partitionKey() + "'%20and%20Age%20gt%2030",
                "application/json", new byte[0]);
        for (int i = 0; i < ranges.length; i++) {
            int start = random.nextInt(ENTITIES - 100);
            ranges[i] = ServerFixture.signed("GET", "/devstoreaccount1/" + TABLE + "()?$filter=PartitionKey%20eq%20'"
                    + Entities.partitionKey() + "'%20and%20RowKey%20ge%20'" + Entities.rowKey(start)
                    + "'%20and%20RowKey%20lt%20'" + Entities.rowKey(start + 100) + "'", "application/json", new byte[0]);
        }
    }

    @Benchmark
    public int pointRead() {
        String rowKey = Entities.rowKey(random.nextInt(ENTITIES));
        return server.call(ServerFixture.signed("GET", "/devstoreaccount1/" + TABLE + "(PartitionKey='"
                + Entities.partitionKey() + "',RowKey='" + rowKey + "')", "application/json", new byte[0])).bodyLength();
    }

    @Benchmark
    public int pageOf1000() {
        return server.call(page).bodyLength();
    }

    @Benchmark
    public int filteredPageOf1000() {
        return server.call(filteredPage).bodyLength();
    }

    @Benchmark
    public int rangeOf100() {
        nextRange = (nextRange + 1) % ranges.length;
        return server.call(ranges[nextRange]).bodyLength();
    }
}
