package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.app.Cerulean;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The SDK's iterator pages through 100,000 entities, unchanged, each once and in order. */
class HundredThousandEntitiesTest {
    @Test
    void theSdkIteratorReturnsEveryEntityOnceInOrder() {
        try (Cerulean cerulean = Cerulean.builder().inMemory().port(0).start()) {
            TableClient table = new TableClientBuilder().connectionString(cerulean.connectionString())
                    .tableName("many").buildClient();
            table.createTable();
            int partitions = 100;
            int perPartition = 1000;
            IntStream.range(0, partitions).parallel().forEach(p -> {
                for (int from = 0; from < perPartition; from += 100) {
                    List<TableTransactionAction> actions = new ArrayList<>();
                    for (int r = from; r < from + 100; r++) {
                        actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                                new TableEntity(String.format("p%03d", p), String.format("r%04d", r)).addProperty("N", r)));
                    }
                    table.submitTransaction(actions);
                }
            });

            Iterator<TableEntity> entities = table.listEntities().iterator();
            for (int p = 0; p < partitions; p++) {
                for (int r = 0; r < perPartition; r++) {
                    assertThat(entities.hasNext()).as("entity %d/%d", p, r).isTrue();
                    TableEntity entity = entities.next();
                    assertThat(entity.getPartitionKey() + "/" + entity.getRowKey())
                            .isEqualTo(String.format("p%03d/r%04d", p, r));
                    assertThat(entity.getProperty("N")).isEqualTo(r);
                }
            }
            assertThat(entities.hasNext()).isFalse();
        }
    }
}
