package io.cerulean.it;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.*;
import org.junit.jupiter.api.Test;

class ScratchTimingTest {
    @Test
    void timing() throws Exception {
        for (ServerFixture f : List.of(ServerFixture.ROCKSDB, ServerFixture.IN_MEMORY, ServerFixture.ROCKSDB, ServerFixture.IN_MEMORY)) {
            try (SharedServers s = new SharedServers()) {
                TableClient t = s.newTable(f, "T");
                long t0 = System.nanoTime();
                for (int i = 0; i < 300; i++) t.createEntity(new TableEntity("p", "s" + i));
                long t1 = System.nanoTime();
                ExecutorService pool = Executors.newFixedThreadPool(16);
                List<Future<?>> fs = new ArrayList<>();
                for (int i = 0; i < 2000; i++) { int k = i; fs.add(pool.submit(() -> t.createEntity(new TableEntity("p", "c" + k)))); }
                for (Future<?> x : fs) x.get();
                long t2 = System.nanoTime();
                SignedHttp h = s.http(f);
                for (int i = 0; i < 300; i++) h.send("POST", "/" + t.getTableName(), "{\"PartitionKey\":\"q\",\"RowKey\":\"r" + i + "\"}", "Prefer", "return-no-content");
                long t3 = System.nanoTime();
                System.out.printf("%s seq300=%dms par2000=%dms raw300=%dms%n", f, (t1-t0)/1000000, (t2-t1)/1000000, (t3-t2)/1000000);
                pool.shutdown();
            }
        }
    }
}
