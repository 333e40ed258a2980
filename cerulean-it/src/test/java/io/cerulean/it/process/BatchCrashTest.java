package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entity group transactions under kill -9: after a restart every transaction is wholly present or
 * wholly absent, and every acknowledged one is present.
 */
class BatchCrashTest {
    private static final int WRITERS = 16;
    private static final int OPERATIONS = 20;

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void transactionsAreAllOrNothingAcrossKill9() throws Exception {
        Path dataDir = temp.resolve("cerulean-proc-batch-crash-data");
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        Set<String> attempted = ConcurrentHashMap.newKeySet();
        AtomicBoolean killed = new AtomicBoolean();
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).start()) {
            server.serviceClient().createTable("batches");
            TableClient table = server.tableClient("batches");
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                Thread thread = new Thread(() -> {
                    for (int i = 0; !killed.get(); i++) {
                        // Each transaction is its own partition: OPERATIONS inserts tagged with its id.
                        String id = "w" + writer + "-" + i;
                        List<TableTransactionAction> actions = new ArrayList<>();
                        for (int op = 0; op < OPERATIONS; op++) {
                            TableEntity entity = new TableEntity(id, String.format("%03d", op))
                                    .addProperty("Transaction", id).addProperty("Payload", "x".repeat(200));
                            actions.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
                        }
                        attempted.add(id);
                        try {
                            table.submitTransaction(actions);
                            if (!killed.get()) {
                                acknowledged.add(id);
                            }
                        } catch (RuntimeException e) {
                            if (!killed.get()) {
                                throw e;
                            }
                        }
                    }
                }, "batch-writer-" + w);
                writers.add(thread);
                thread.start();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (acknowledged.size() < 100 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            killed.set(true);
            server.kill();
            for (Thread writer : writers) {
                writer.join(30_000);
            }
        }
        assertThat(acknowledged).as("transactions acknowledged before the kill").hasSizeGreaterThanOrEqualTo(100);

        try (ServerProcess restarted = ServerProcess.launch().dataDir(dataDir).start()) {
            TableClient table = restarted.tableClient("batches");
            Map<String, Long> rowsPerTransaction = table.listEntities().stream()
                    .collect(Collectors.groupingBy(TableEntity::getPartitionKey, Collectors.counting()));
            assertThat(attempted).containsAll(rowsPerTransaction.keySet());
            assertThat(rowsPerTransaction.values()).as("every transaction wholly present or wholly absent")
                    .allMatch(count -> count == OPERATIONS);
            assertThat(rowsPerTransaction.keySet()).as("every acknowledged transaction present")
                    .containsAll(acknowledged);
        }
    }
}
