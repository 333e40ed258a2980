package io.cerulean.it.reset;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableAccessPolicy;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceCorsRule;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.data.tables.models.TableSignedIdentifier;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobRetentionPolicy;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueCorsRule;
import io.cerulean.app.Cerulean;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * One account's data on every service, as a test suite leaves it: a table with entities and a stored
 * access policy, a queue with messages, a container with a blob, its snapshot, a tagged blob and a
 * soft-deleted one, and service properties (CORS on the Table and Queue services, delete retention on
 * the Blob service); and what a reset leaves of it: nothing.
 */
final class AccountData {
    private static final AtomicInteger RUNS = new AtomicInteger();
    private final String account;
    /**
     * Names of this test's own: on a Cassandra keyspace every server of a run shares, what an earlier
     * test left (a refused reset changed nothing) is still there.
     */
    private final String table;
    private final String queue;
    private final String container;
    private final TableServiceClient tables;
    private final QueueServiceClient queues;
    private final BlobServiceClient blobs;

    AccountData(Cerulean cerulean, String account, String key) {
        this(cerulean, account, key, names());
    }

    /** {@code names}: the suffix of the table's, queue's and container's names, lower case letters and digits. */
    AccountData(Cerulean cerulean, String account, String key, String names) {
        this.account = account;
        this.table = "orders" + names;
        this.queue = "jobs" + names;
        this.container = "photos" + names;
        String credentials = "DefaultEndpointsProtocol=http;AccountName=" + account + ";AccountKey=" + key + ";";
        this.tables = new TableServiceClientBuilder().connectionString(credentials + "TableEndpoint="
                + cerulean.endpoint(Cerulean.Service.TABLE, account) + ";").buildClient();
        this.queues = new QueueServiceClientBuilder().connectionString(credentials + "QueueEndpoint="
                + cerulean.endpoint(Cerulean.Service.QUEUE, account) + ";").buildClient();
        this.blobs = new BlobServiceClientBuilder().connectionString(credentials + "BlobEndpoint="
                + cerulean.endpoint(Cerulean.Service.BLOB, account) + ";").buildClient();
    }

    /** A suffix of names no other test of this run uses. */
    static String names() {
        return ProcessHandle.current().pid() + "r" + RUNS.incrementAndGet();
    }

    BlobServiceClient blobs() {
        return blobs;
    }

    /** Writes everything {@link #assertFilled} reads. */
    AccountData fill() {
        TableServiceProperties tableProperties = tables.getProperties();
        tables.setProperties(tableProperties.setCorsRules(List.of(new TableServiceCorsRule().setAllowedOrigins(
                "https://" + account + ".example").setAllowedMethods("GET").setAllowedHeaders("*")
                .setExposedHeaders("*").setMaxAgeInSeconds(60))));
        TableClient created = tables.createTable(table);
        created.createEntity(new TableEntity("p", "1").addProperty("Owner", account));
        created.createEntity(new TableEntity("p", "2").addProperty("Owner", account));
        created.setAccessPolicies(List.of(new TableSignedIdentifier("readers").setAccessPolicy(new TableAccessPolicy()
                .setPermissions("r").setExpiresOn(OffsetDateTime.now().plusDays(1)))));

        queues.setProperties(queues.getProperties().setCors(List.of(new QueueCorsRule().setAllowedOrigins(
                "https://" + account + ".example").setAllowedMethods("GET").setAllowedHeaders("*")
                .setExposedHeaders("*").setMaxAgeInSeconds(60))));
        QueueClient createdQueue = queues.createQueue(queue);
        createdQueue.sendMessage("first of " + account);
        createdQueue.sendMessage("second of " + account);

        blobs.setProperties(blobs.getProperties().setDeleteRetentionPolicy(new BlobRetentionPolicy()
                .setEnabled(true).setDays(7)));
        BlobContainerClient createdContainer = blobs.createBlobContainer(container);
        BlobClient kept = createdContainer.getBlobClient("kept.txt");
        kept.upload(BinaryData.fromString("kept by " + account));
        kept.createSnapshot();
        BlobClient tagged = createdContainer.getBlobClient("tagged.txt");
        tagged.upload(BinaryData.fromString("tagged"));
        tagged.setTags(Map.of("owner", account));
        BlobClient deleted = createdContainer.getBlobClient("deleted.txt");
        deleted.upload(BinaryData.fromString("soft-deleted"));
        deleted.delete();
        return this;
    }

    /** Everything {@link #fill} wrote is there, as written. */
    void assertFilled() {
        assertThat(tableNames()).as(account + "'s tables").contains(table);
        assertThat(tables.getTableClient(table).listEntities().stream().map(e -> e.getProperty("Owner")))
                .as(account + "'s entities").containsExactly(account, account);
        assertThat(tables.getTableClient(table).getAccessPolicies().getIdentifiers()).as(account + "'s table ACL")
                .hasSize(1);
        assertThat(tables.getProperties().getCorsRules()).as(account + "'s Table CORS rules").hasSize(1);
        assertThat(queueNames()).as(account + "'s queues").contains(queue);
        assertThat(queues.getQueueClient(queue).getProperties().getApproximateMessagesCount())
                .as(account + "'s messages").isEqualTo(2);
        assertThat(queues.getProperties().getCors()).as(account + "'s Queue CORS rules").hasSize(1);
        assertThat(containerNames()).as(account + "'s containers").contains(container);
        assertThat(blobs.getBlobContainerClient(container).getBlobClient("kept.txt").downloadContent().toString())
                .isEqualTo("kept by " + account);
        assertThat(everyBlob()).as(account + "'s blobs, snapshots and soft-deleted blobs").hasSize(4);
        assertThat(taggedBlobs()).as(account + "'s tagged blobs").contains(container + "/tagged.txt");
        assertThat(blobs.getProperties().getDeleteRetentionPolicy().isEnabled()).as(account + "'s delete retention")
                .isTrue();
    }

    /** Nothing of the account is left, and its service properties are the defaults. */
    void assertEmpty() {
        assertThat(tableNames()).as(account + "'s tables").isEmpty();
        assertThat(orNone(tables.getProperties().getCorsRules())).as(account + "'s Table CORS rules").isEmpty();
        assertThat(queueNames()).as(account + "'s queues").isEmpty();
        assertThat(orNone(queues.getProperties().getCors())).as(account + "'s Queue CORS rules").isEmpty();
        assertThat(containerNames()).as(account + "'s containers").isEmpty();
        assertThat(taggedBlobs()).as(account + "'s tagged blobs").isEmpty();
        BlobRetentionPolicy retention = blobs.getProperties().getDeleteRetentionPolicy();
        assertThat(retention == null || !retention.isEnabled()).as(account + "'s delete retention is off").isTrue();
    }

    /** The names can be taken again, and what they name starts empty. */
    void assertCreatedAgainEmpty() {
        TableClient created = tables.createTable(table);
        assertThat(created.listEntities().stream().count()).as("entities of " + account + "'s new table").isZero();
        assertThat(orNone(created.getAccessPolicies().getIdentifiers())).as("ACL of the new table").isEmpty();
        QueueClient createdQueue = queues.createQueue(queue);
        assertThat(createdQueue.peekMessages(32, null, null).stream().count()).as("messages of the new queue").isZero();
        blobs.createBlobContainer(container);
        assertThat(everyBlob()).as("blobs of " + account + "'s new container, with snapshots and deleted ones")
                .isEmpty();
    }

    /** The SDKs read a document without rules as null. */
    private static <T> List<T> orNone(List<T> list) {
        return list == null ? List.of() : list;
    }

    private List<String> tableNames() {
        return tables.listTables().stream().map(t -> t.getName()).collect(Collectors.toList());
    }

    private List<String> queueNames() {
        return queues.listQueues().stream().map(q -> q.getName()).collect(Collectors.toList());
    }

    private List<String> containerNames() {
        return blobs.listBlobContainers().stream().map(c -> c.getName()).collect(Collectors.toList());
    }

    private List<BlobItem> everyBlob() {
        return blobs.getBlobContainerClient(container).listBlobs(new ListBlobsOptions().setDetails(new BlobListDetails()
                .setRetrieveSnapshots(true).setRetrieveDeletedBlobs(true)), null).stream().collect(Collectors.toList());
    }

    private List<String> taggedBlobs() {
        return blobs.findBlobsByTags("\"owner\" = '" + account + "'").stream().map(b -> b.getContainerName() + "/" + b.getName())
                .collect(Collectors.toList());
    }
}
