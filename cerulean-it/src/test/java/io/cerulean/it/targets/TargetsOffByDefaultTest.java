package io.cerulean.it.targets;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.cerulean.app.Cerulean;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Without scalability targets (the default) a burst far past Azure's is served whole. */
class TargetsOffByDefaultTest {
    @Test
    void aBurstWellPastAPartitionsTargetIsNeverThrottled() {
        try (ServerFixture.RunningServer server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY)
                .start(builder -> builder.services(java.util.Set.of(Cerulean.Service.TABLE)))) {
            TableClient table = SharedServers.serviceClient(server.connectionString()).createTable("burst");
            List<Runnable> batches = new ArrayList<>();
            for (int b = 0; b < 50; b++) {
                int first = b * 100;
                batches.add(() -> table.submitTransaction(TablePartitionTargetTest.batch("p", first, 100)));
            }
            // 5,000 entities in one partition, sent at once by clients that do not retry: two and a half
            // times what a partition takes in a second on Azure, none of it refused.
            SharedServers.parallel(batches);
            IntStream.range(0, 3_000).forEach(i -> table.getEntity("p", String.format("r%04d", i % 5_000)));
            assertThat(table.listEntities().stream().count()).isEqualTo(5_000);
        }
    }
}
