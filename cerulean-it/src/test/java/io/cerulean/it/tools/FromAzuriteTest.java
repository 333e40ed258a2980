package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data tools with Azurite as the source, as a user moving from Azurite to Cerulean runs them:
 * what arrives at Cerulean is what Azurite has, read back through the SDKs at both ends. The tests
 * share one Azurite and copy all of it, so they run in order, each adding what the next copies too.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FromAzuriteTest {
    // The destination's keyspace may be shared with other tests' servers (on Cassandra), so the names are this run's own.
    private static final String RUN = java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    private static AzuriteProcess azurite;
    private static RunningServer cerulean;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        azurite = AzuriteProcess.start();
        cerulean = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start();
    }

    @AfterAll
    static void stop() {
        if (azurite != null) {
            azurite.close();
        }
        if (cerulean != null) {
            cerulean.close();
        }
    }

    @Test
    @Order(1)
    void copyAllBringsAzuritesTablesQueuesAndContainersAcross() throws Exception {
        TableClient table = tables(azurite.connectionString()).createTable("ledger" + RUN);
        CopyTablesTest.fill(table, 3, 150);
        QueueClient queue = queues(azurite.connectionString()).getQueueClient("jobs-" + RUN);
        queue.createWithResponse(Map.of("purpose", "jobs"), null, Context.NONE);
        for (int i = 0; i < 40; i++) {
            queue.sendMessage("job " + i);
        }
        BlobContainerClient container = blobs(azurite.connectionString()).getBlobContainerClient("media-" + RUN);
        CopyBlobsTest.fill(container);

        CopyCli.Result copy = CopyCli.run(azurite.connectionString(), cerulean.connectionString(), "--all", "--parallel", "4");

        assertThat(copy.exit()).as(copy.both() + "\nAzurite:\n" + azurite.log()).isZero();
        assertThat(copy.err()).contains("1 queue(s), 40 messages; 1 container(s), 5 blobs");
        TableAssertions.sameEntities(table, tables(cerulean.connectionString()).getTableClient("ledger" + RUN));
        QueueClient copied = queues(cerulean.connectionString()).getQueueClient("jobs-" + RUN);
        assertThat(copied.getProperties().getMetadata()).isEqualTo(Map.of("purpose", "jobs"));
        List<String> expected = IntStream.range(0, 40).mapToObj(i -> "job " + i).toList();
        assertThat(receiveAll(copied)).isEqualTo(expected);
        // Azurite gives messages in the order they became visible, and the copy made each visible again.
        assertThat(receiveAll(queue)).as("Azurite keeps every message").containsExactlyInAnyOrderElementsOf(expected);
        BlobAssertions.sameContainers(container, blobs(cerulean.connectionString()).getBlobContainerClient("media-" + RUN));
        assertThat(BlobAssertions.pageRanges(blobs(cerulean.connectionString()).getBlobContainerClient("media-" + RUN).getBlobClient("disk.vhd")))
                .as("sparse: only the pages written").hasSize(2);
    }

    @Test
    @Order(2)
    void anAzuriteExportImportedIntoCeruleanExportsToTheSameBytes() throws Exception {
        TableClient source = tables(azurite.connectionString()).createTable("Types" + RUN);
        CopyTablesTest.fill(source, 2, 122);
        Path fromAzurite = dir.resolve("azurite.jsonl");
        Path fromCerulean = dir.resolve("cerulean.jsonl");

        Cli exported = Cli.run("export", "Types" + RUN, "--output", fromAzurite.toString(), "--no-timestamp",
                "--connection-string", azurite.connectionString());
        assertThat(exported.exit()).as(exported.toString()).isZero();
        Cli imported = Cli.run("import", "Types" + RUN, fromAzurite.toString(), "--create-table",
                "--connection-string", cerulean.connectionString());
        assertThat(imported.exit()).as(imported.toString()).isZero();
        assertThat(imported.err()).contains("imported 244 entities into Types" + RUN + ", 0 rejected");
        Cli again = Cli.run("export", "Types" + RUN, "--output", fromCerulean.toString(), "--no-timestamp",
                "--connection-string", cerulean.connectionString());
        assertThat(again.exit()).as(again.toString()).isZero();

        assertThat(Files.readAllLines(fromAzurite)).hasSize(244);
        // Azurite answers the Double 3.0 as a bare 3, which every reader takes for an Int32: the type is
        // gone at Azurite already, and the export writes what Azurite says.
        assertThat(Files.readAllLines(fromAzurite).get(0)).endsWith(",\"Whole\":3}");
        assertThat(Files.readString(fromCerulean)).isEqualTo(Files.readString(fromAzurite));
        assertThat(Files.readAllBytes(fromCerulean)).isEqualTo(Files.readAllBytes(fromAzurite));
        assertThat(Entities.contents(tables(cerulean.connectionString()).getTableClient("Types" + RUN)))
                .isEqualTo(Entities.contents(source));
    }

    /**
     * Azurite writes a Double of an exponent's size (1e+308, 5e-324) as JavaScript does, without its
     * type, and the Java SDK cannot read a page holding one (an HttpResponseException "Deserialization
     * Failed." on a 200). The data tools read through that SDK, so such a table fails, named, and
     * nothing of it is pretended copied; the tables beside it still copy.
     */
    @Test
    @Order(3)
    void aTableHoldingADoubleAzuriteWritesWithAnExponentFailsAloneAndNamed() {
        TableClient huge = tables(azurite.connectionString()).createTable("Huge" + RUN);
        huge.createEntity(new TableEntity("p", "r").addProperty("Huge", 1e308));
        TableClient plain = tables(azurite.connectionString()).createTable("Plain" + RUN);
        plain.createEntity(new TableEntity("p", "r").addProperty("Small", 0.5));
        assertThatThrownBy(() -> huge.listEntities().forEach(e -> { }))
                .as("the Java SDK itself cannot read it").isInstanceOf(HttpResponseException.class)
                .hasMessageContaining("Deserialization Failed");

        CopyCli.Result copy = CopyCli.run(azurite.connectionString(), cerulean.connectionString(), "--all");

        assertThat(copy.exit()).as(copy.both()).isEqualTo(1);
        assertThat(copy.err()).contains("failed: table Huge" + RUN + ": 200, an answer that could not be read (Deserialization Failed.)")
                .doesNotContain("failed: table Plain");
        TableAssertions.sameEntities(plain, tables(cerulean.connectionString()).getTableClient("Plain" + RUN));
        Cli export = Cli.run("export", "Huge" + RUN, "--connection-string", azurite.connectionString());
        assertThat(export.exit()).as(export.toString()).isNotZero();
        assertThat(export.err()).contains("Deserialization Failed");
    }

    /** Every message's text in the order Get Messages gives them, each made visible again at once. */
    private static List<String> receiveAll(QueueClient queue) {
        List<String> texts = new ArrayList<>();
        List<QueueMessageItem> taken = new ArrayList<>();
        while (true) {
            List<QueueMessageItem> page = queue.receiveMessages(32, Duration.ofSeconds(30), null, Context.NONE).stream().toList();
            if (page.isEmpty()) {
                break;
            }
            taken.addAll(page);
            page.forEach(m -> texts.add(m.getMessageText()));
        }
        for (QueueMessageItem message : taken) {
            queue.updateMessage(message.getMessageId(), message.getPopReceipt(), null, Duration.ZERO);
        }
        return texts;
    }

    private static TableServiceClient tables(String connectionString) {
        return new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    }

    private static QueueServiceClient queues(String connectionString) {
        return new QueueServiceClientBuilder().connectionString(connectionString).buildClient();
    }

    private static BlobServiceClient blobs(String connectionString) {
        return new BlobServiceClientBuilder().connectionString(connectionString).buildClient();
    }
}
