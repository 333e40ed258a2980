package io.cerulean.it.backup;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.models.QueueMessageItem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup taken while writers keep writing to every service (entities by single inserts and by
 * transactions of five, queue messages, block blobs of several blocks, small ones kept in RocksDB
 * and ones over 64 KiB kept as files, and blob deletes) restores into a new data directory on which
 * a server holds every write acknowledged before the backup began, every transaction whole or
 * absent, every blob whose delete was acknowledged before it absent, and every blob it lists with
 * the exact bytes of an upload of that name: no record names content the backup lacks.
 */
class BackupUnderWritesTest {
    private static final int BLOB_WRITERS = 3;

    @TempDir
    Path temp;

    /** What the writers were told, each write by the moment its answer came (a count of the writes before). */
    private final Set<String> singles = ConcurrentHashMap.newKeySet();
    private final Set<String> transactions = ConcurrentHashMap.newKeySet();
    private final Set<String> messages = ConcurrentHashMap.newKeySet();
    private final Map<String, String> uploaded = new ConcurrentHashMap<>(); // blob name -> SHA-256, acknowledged
    private final Map<String, String> attempted = new ConcurrentHashMap<>(); // every upload sent
    private final Set<String> deleted = ConcurrentHashMap.newKeySet(); // deletes acknowledged
    private final Set<String> deleting = ConcurrentHashMap.newKeySet(); // deletes sent
    private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean stop = new AtomicBoolean();

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aBackupUnderWritesRestoresEveryAcknowledgedWriteWholeAndEveryBlobWithItsBytes() throws Exception {
        Path data = temp.resolve("data");
        Path backup = temp.resolve("backup");
        Path restored = temp.resolve("restored");
        Set<String> singlesBefore;
        Set<String> transactionsBefore;
        Set<String> messagesBefore;
        Map<String, String> uploadedBefore;
        Set<String> deletedBefore;
        Processes.Exited backedUp;
        try (Processes.Server server = Processes.serve(data)) {
            String connection = server.connectionString();
            table(connection).createTable();
            queue(connection).create();
            container(connection).create();
            List<Thread> writers = new ArrayList<>();
            writers.add(writer("singles", () -> writeSingles(table(connection))));
            writers.add(writer("transactions", () -> writeTransactions(table(connection))));
            writers.add(writer("messages", () -> writeMessages(queue(connection))));
            for (int w = 0; w < BLOB_WRITERS; w++) {
                int writer = w;
                writers.add(writer("blobs-" + w, () -> writeBlobs(container(connection), writer)));
            }
            writers.add(writer("deletes", () -> deleteBlobs(container(connection))));
            writers.forEach(Thread::start);
            Thread.sleep(3000); // not a wait for a condition: writes pile up before the backup
            singlesBefore = Set.copyOf(singles);
            transactionsBefore = Set.copyOf(transactions);
            messagesBefore = Set.copyOf(messages);
            uploadedBefore = Map.copyOf(uploaded);
            deletedBefore = Set.copyOf(deleted);
            backedUp = Processes.run("backup", backup.toString(), "--data-dir", data.toString());
            Thread.sleep(1000); // and go on a moment after it
            stop.set(true);
            for (Thread writer : writers) {
                writer.join(60_000);
            }
            assertThat(backedUp.code()).as("%s\n%s", backedUp, server.output()).isZero();
            assertThat(failures).as("writes that failed while the server ran").isEmpty();
            assertThat(server.stop()).isZero();
        }
        System.out.printf("backup under writes: before it began %d single inserts, %d transactions, %d messages, "
                + "%d blobs, %d deletes acknowledged; %s", singlesBefore.size(), transactionsBefore.size(),
                messagesBefore.size(), uploadedBefore.size(), deletedBefore.size(), backedUp.stderr());
        assertThat(uploadedBefore.values()).as("blobs uploaded before the backup").isNotEmpty();

        Processes.Exited restore = Processes.run("restore", backup.toString(), "--data-dir", restored.toString());
        assertThat(restore.code()).as("%s", restore).isZero();
        try (Processes.Server server = Processes.serve(restored)) {
            String connection = server.connectionString();
            Map<String, Integer> rowsByPartition = new HashMap<>();
            Set<String> singleRows = new HashSet<>();
            for (TableEntity entity : table(connection).listEntities(new ListEntitiesOptions(), null, null)) {
                if (entity.getPartitionKey().equals("single")) {
                    singleRows.add(entity.getRowKey());
                } else {
                    rowsByPartition.merge(entity.getPartitionKey(), 1, Integer::sum);
                }
            }
            assertThat(singleRows).as("single inserts acknowledged before the backup").containsAll(singlesBefore);
            assertThat(rowsByPartition.keySet()).as("transactions acknowledged before the backup")
                    .containsAll(transactionsBefore);
            assertThat(new TreeMap<>(rowsByPartition)).as("transactions whole or absent")
                    .allSatisfy((partition, rows) -> assertThat(rows).as(partition).isEqualTo(5));

            Set<String> texts = new HashSet<>();
            QueueClient queue = queue(connection);
            for (List<QueueMessageItem> page; !(page = receive(queue)).isEmpty(); ) {
                page.forEach(message -> texts.add(message.getBody().toString()));
            }
            assertThat(texts).as("messages acknowledged before the backup").containsAll(messagesBefore);

            BlobContainerClient container = container(connection);
            Set<String> listed = new HashSet<>();
            List<String> wrong = new ArrayList<>();
            for (BlobItem item : container.listBlobs()) {
                listed.add(item.getName());
                String stored = sha256(container.getBlobClient(item.getName()).downloadContent().toBytes());
                if (!stored.equals(attempted.get(item.getName()))) {
                    wrong.add(item.getName() + ": " + stored + " where " + attempted.get(item.getName()) + " was sent");
                }
            }
            assertThat(wrong).as("blobs whose bytes are not those uploaded").isEmpty();
            Set<String> kept = new HashSet<>(uploadedBefore.keySet());
            kept.removeAll(deleting);
            assertThat(listed).as("blobs acknowledged before the backup and never deleted").containsAll(kept);
            assertThat(listed).as("blobs whose delete was acknowledged before the backup").doesNotContainAnyElementsOf(
                    deletedBefore);
            assertThat(server.stop()).isZero();
        }
    }

    private Thread writer(String name, Runnable body) {
        Thread thread = new Thread(() -> {
            try {
                body.run();
            } catch (RuntimeException e) {
                failures.add(name + ": " + e);
            }
        }, "writer-" + name);
        thread.setDaemon(true);
        return thread;
    }

    private void writeSingles(TableClient table) {
        for (int i = 0; !stop.get(); i++) {
            String row = String.format("%07d", i);
            table.createEntity(new TableEntity("single", row).addProperty("N", i));
            singles.add(row);
        }
    }

    private void writeTransactions(TableClient table) {
        for (int i = 0; !stop.get(); i++) {
            String partition = String.format("tx-%06d", i);
            List<TableTransactionAction> actions = new ArrayList<>();
            for (int r = 0; r < 5; r++) {
                actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                        new TableEntity(partition, "r" + r).addProperty("N", r)));
            }
            table.submitTransaction(actions);
            transactions.add(partition);
        }
    }

    private void writeMessages(QueueClient queue) {
        for (int i = 0; !stop.get(); i++) {
            String text = "message-" + i;
            queue.sendMessage(text);
            messages.add(text);
        }
    }

    /** Block blobs of two to four blocks, every third over 64 KiB a block (content files), on names of its own. */
    private void writeBlobs(BlobContainerClient container, int writer) {
        Random random = new Random(writer);
        for (int i = 0; !stop.get(); i++) {
            String name = "w" + writer + "/blob-" + i;
            int blocks = 2 + random.nextInt(3);
            int blockBytes = i % 3 == 0 ? 1 + random.nextInt(8 * 1024) : 65 * 1024 + random.nextInt(64 * 1024);
            byte[] bytes = new byte[blocks * blockBytes];
            random.nextBytes(bytes);
            attempted.put(name, sha256(bytes));
            BlockBlobClient blob = container.getBlobClient(name).getBlockBlobClient();
            List<String> ids = new ArrayList<>();
            for (int b = 0; b < blocks; b++) {
                String id = Base64.getEncoder().encodeToString(String.format("block-%03d", b)
                        .getBytes(StandardCharsets.US_ASCII));
                blob.stageBlock(id, BinaryData.fromBytes(java.util.Arrays.copyOfRange(bytes, b * blockBytes,
                        (b + 1) * blockBytes)));
                ids.add(id);
            }
            blob.commitBlockList(ids);
            uploaded.put(name, attempted.get(name));
        }
    }

    /** Deletes every other blob a while after it was acknowledged. */
    private void deleteBlobs(BlobContainerClient container) {
        while (!stop.get()) {
            List<String> due = uploaded.keySet().stream().filter(name -> name.hashCode() % 2 == 0)
                    .filter(name -> !deleting.contains(name)).sorted().limit(5).toList();
            for (String name : due) {
                deleting.add(name);
                container.getBlobClient(name).delete();
                deleted.add(name);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static List<QueueMessageItem> receive(QueueClient queue) {
        List<QueueMessageItem> page = new ArrayList<>();
        queue.receiveMessages(32, Duration.ofMinutes(5), null, null).forEach(page::add);
        return page;
    }

    private static TableClient table(String connection) {
        return new TableClientBuilder().connectionString(connection).tableName("backedup").buildClient();
    }

    private static QueueClient queue(String connection) {
        return new QueueClientBuilder().connectionString(connection).queueName("backedup").buildClient();
    }

    private static BlobContainerClient container(String connection) {
        return new BlobServiceClientBuilder().connectionString(connection).buildClient()
                .getBlobContainerClient("backedup");
    }

    private static String sha256(byte[] bytes) {
        try {
            return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
