package io.cerulean.jmh;

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
 * Single-entity writes of about 1 KiB over entities that exist, from the authenticated request to
 * the answer after the durable commit: Insert Or Replace ({@code PUT} without If-Match), which reads
 * the entity it replaces so that its write is conditioned on it, and Insert Or Merge ({@code PATCH}
 * without If-Match), which always read it. The time includes the WAL sync each write waits for;
 * the request thread's CPU, printed per iteration, is the server's work.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PipelineWriteBenchmark extends PipelineBenchmark {
    private static final String TABLE = "writes";
    private static final int ENTITIES = 1_000;

    private final Random random = new Random(13);
    private final byte[][] bodies = new byte[ENTITIES][];

    @Setup(Level.Trial)
    public void setUp() {
        server = new ServerFixture(store);
        server.createTable(TABLE);
        for (int i = 0; i < ENTITIES; i++) {
            bodies[i] = Entities.json(i).getBytes(StandardCharsets.US_ASCII);
            server.call(ServerFixture.signed("POST", "/devstoreaccount1/" + TABLE, "application/json", bodies[i]));
        }
    }

    private String entityPath(int row) {
        return "/devstoreaccount1/" + TABLE + "(PartitionKey='" + Entities.partitionKey() + "',RowKey='"
                + Entities.rowKey(row) + "')";
    }

    @Benchmark
    public int upsertReplace() {
        int row = random.nextInt(ENTITIES);
        return server.call(ServerFixture.signed("PUT", entityPath(row), "application/json", bodies[row])).status();
    }

    @Benchmark
    public int upsertMerge() {
        int row = random.nextInt(ENTITIES);
        return server.call(ServerFixture.signed("PATCH", entityPath(row), "application/json", bodies[row])).status();
    }
}
