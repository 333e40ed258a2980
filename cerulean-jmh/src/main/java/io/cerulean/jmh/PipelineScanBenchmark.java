package io.cerulean.jmh;

import io.cerulean.http.message.AzureResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A table scan that keeps few entities: {@code Age eq 42} over 100,000 entities of about 1 KiB in
 * ten partitions (about 1 % match), followed through its continuations to the end, as the bench's
 * W6 runs it. One operation is the whole scan. The request thread's CPU does not count the helper's.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PipelineScanBenchmark extends PipelineBenchmark {
    private static final String TABLE = "scans";
    private static final int PARTITIONS = 10;
    private static final int ROWS = 10_000;


    /** Whether the scan may split in two, its second half on a helper thread (as the server does). */
    @Param({"false", "true"})
    public boolean split;

    private ExecutorService helper;

    @Setup(Level.Trial)
    public void setUp() {
        helper = Executors.newSingleThreadExecutor();
        server = new ServerFixture(store, split ? helper : null);
        server.createTable(TABLE);
        for (int partition = 0; partition < PARTITIONS; partition++) {
            List<CompletableFuture<AzureResponse>> inserts = new ArrayList<>(ROWS);
            for (int row = 0; row < ROWS; row++) {
                byte[] entity = Entities.json(partition, row).getBytes(StandardCharsets.US_ASCII);
                inserts.add(server.submit(ServerFixture.signed("POST", "/devstoreaccount1/" + TABLE,
                        "application/json", entity)));
            }
            inserts.forEach(CompletableFuture::join);
        }
    }

    @Override
    protected void beforeClose() {
        helper.shutdown();
    }

    /** Returns the number of matching entities' bytes, so that nothing is optimised away. */
    @Benchmark
    public long tableScanAgeEq42() {
        String query = "/devstoreaccount1/" + TABLE + "()?$filter=Age%20eq%2042";
        long bytes = 0;
        while (query != null) {
            AzureResponse page = server.call(ServerFixture.signed("GET", query, "application/json", new byte[0]));
            bytes += page.bodyLength();
            query = next(page);
        }
        return bytes;
    }

    private static String next(AzureResponse page) {
        String partition = null;
        String row = null;
        for (Map.Entry<String, String> header : page.headers()) {
            if (header.getKey().equalsIgnoreCase("x-ms-continuation-NextPartitionKey")) {
                partition = header.getValue();
            } else if (header.getKey().equalsIgnoreCase("x-ms-continuation-NextRowKey")) {
                row = header.getValue();
            }
        }
        if (partition == null) {
            return null;
        }
        return "/devstoreaccount1/" + TABLE + "()?$filter=Age%20eq%2042&NextPartitionKey="
                + URLEncoder.encode(partition, StandardCharsets.UTF_8) + "&NextRowKey="
                + URLEncoder.encode(row, StandardCharsets.UTF_8);
    }
}
