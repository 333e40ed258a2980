package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.PeekedMessageItem;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code --all} from a server on RocksDB to one on the store this run tests (in-memory unless the run
 * names one: on Cassandra when cerulean-cassandra-it runs it). The destination's keyspace may be
 * shared with other tests' servers, so the names are this run's own.
 */
class CopyAllTest {
    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 8).toLowerCase(Locale.ROOT);
    private static RunningServer source;
    private static RunningServer destination;

    @BeforeAll
    static void start() {
        source = ServerFixture.ROCKSDB.start();
        destination = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start();
    }

    @AfterAll
    static void stop() {
        source.close();
        destination.close();
    }

    @Test
    void everyTableQueueAndContainerOfTheAccountArrives() throws Exception {
        String tableName = "ledger" + RUN;
        TableClient table = CopyTablesTest.tables(source).createTable(tableName);
        CopyTablesTest.fill(table, 3, 400);
        TableClient emptyTable = CopyTablesTest.tables(source).createTable("empty" + RUN);
        String queueName = "jobs-" + RUN;
        QueueClient queue = queues(source).getQueueClient(queueName);
        queue.createWithResponse(Map.of("purpose", "jobs"), null, Context.NONE);
        for (int i = 0; i < 40; i++) {
            queue.sendMessage("job " + i);
        }
        String containerName = "media-" + RUN;
        BlobContainerClient container = CopyBlobsTest.blobs(source).getBlobContainerClient(containerName);
        CopyBlobsTest.fill(container);

        CopyCli.Result copy = CopyCli.run(source.connectionString(), destination.connectionString(), "--all", "--parallel", "4");

        assertThat(copy.exit()).as(copy.both()).isZero();
        assertThat(copy.err()).contains("2 table(s), 1200 entities; 1 queue(s), 40 messages; 1 container(s), 5 blobs");
        TableAssertions.sameEntities(table, CopyTablesTest.tables(destination).getTableClient(tableName));
        assertThat(CopyTablesTest.tables(destination).getTableClient(emptyTable.getTableName()).listEntities()).isEmpty();
        QueueClient copiedQueue = queues(destination).getQueueClient(queueName);
        assertThat(copiedQueue.getProperties().getMetadata()).isEqualTo(Map.of("purpose", "jobs"));
        assertThat(copiedQueue.getProperties().getApproximateMessagesCount()).isEqualTo(40);
        assertThat(copiedQueue.peekMessages(32, null, Context.NONE).stream().map(PeekedMessageItem::getMessageText).toList())
                .isEqualTo(java.util.stream.IntStream.range(0, 32).mapToObj(i -> "job " + i).toList());
        assertThat(queue.getProperties().getApproximateMessagesCount()).as("the source keeps its messages").isEqualTo(40);
        BlobAssertions.sameContainers(container, CopyBlobsTest.blobs(destination).getBlobContainerClient(containerName));
    }

    private static QueueServiceClient queues(RunningServer server) {
        return new QueueServiceClientBuilder().connectionString(server.connectionString()).buildClient();
    }
}
