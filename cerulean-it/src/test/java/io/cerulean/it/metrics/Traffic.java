package io.cerulean.it.metrics;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import java.io.ByteArrayOutputStream;
import java.util.Random;

/**
 * Requests on every service through the SDKs, so that every request series exists: tables, entities and
 * a query that scans, a query of a table that is not there, a queue's messages, and a blob large enough
 * for the content store, written and read.
 */
final class Traffic {
    private Traffic() {
    }

    /** Makes the traffic; {@code tag} keeps the names of one call apart from another's. */
    static void onEveryService(String connectionString, String tag) {
        TableClient table = new TableClientBuilder().connectionString(connectionString).tableName("traffic" + tag)
                .buildClient();
        table.createTable();
        for (int i = 0; i < 5; i++) {
            table.createEntity(new TableEntity("p" + (i % 2), "r" + i).addProperty("N", i));
        }
        table.getEntity("p0", "r0");
        table.listEntities(new ListEntitiesOptions().setFilter("N ge 2"), null, null).stream().count();
        try {
            new TableClientBuilder().connectionString(connectionString).tableName("missing" + tag).buildClient()
                    .getEntity("p", "r");
        } catch (TableServiceException expected) {
            // TableNotFound: an error series
        }

        QueueClient queue = new QueueClientBuilder().connectionString(connectionString).queueName("traffic" + tag)
                .buildClient();
        queue.create();
        queue.sendMessage("one");
        queue.receiveMessages(1).forEach(message -> queue.deleteMessage(message.getMessageId(),
                message.getPopReceipt()));

        BlobContainerClient container = new BlobServiceClientBuilder().connectionString(connectionString)
                .buildClient().getBlobContainerClient("traffic" + tag);
        container.create();
        byte[] content = new byte[200_000]; // beyond 64 KiB: kept in the content store
        new Random(1).nextBytes(content);
        container.getBlobClient("large.bin").upload(BinaryData.fromBytes(content));
        container.getBlobClient("large.bin").downloadStream(new ByteArrayOutputStream());
        container.getBlobClient("large.bin").getProperties();
    }
}
