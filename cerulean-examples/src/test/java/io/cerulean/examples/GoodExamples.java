package io.cerulean.examples;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.queue.QueueClient;
import io.cerulean.app.Cerulean;
import io.cerulean.examples.support.AdvisedCerulean;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.OutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * What the checks that the guide's patterns hold share: a server whose design advisor has the
 * thresholds the anti-pattern examples cross ({@link AdvisedCerulean#LOW}), one per test class, and
 * the clients an example is built from. The tables are kept until the advisor has been read.
 */
abstract class GoodExamples {
    static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    static Cerulean cerulean;
    static TableServiceClient service;
    final Traffic traffic = new Traffic();

    @BeforeAll
    static void start() {
        cerulean = AdvisedCerulean.start();
        service = Clients.tables(cerulean.connectionString(), new Traffic());
    }

    @AfterAll
    static void stop() {
        cerulean.close();
    }

    TableServiceClient tables() {
        return Clients.tables(cerulean.connectionString(), traffic);
    }

    TableClient table(String name) {
        return tables().createTableIfNotExists(name);
    }

    QueueClient queue(String name) {
        return Clients.queues(cerulean.connectionString(), traffic).createQueue(name);
    }

    BlobContainerClient container(String name) {
        return Clients.blobs(cerulean.connectionString(), traffic).createBlobContainerIfNotExists(name);
    }
}
