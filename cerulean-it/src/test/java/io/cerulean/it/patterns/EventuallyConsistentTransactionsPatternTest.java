package io.cerulean.it.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The table design guide's eventually-consistent-transactions pattern: an employee moves from the
 * Current table to the Archive table, two tables no transaction spans, through a queue. A client
 * asks for the move with a message; a worker takes it, copies the employee to Archive, deletes it
 * from Current (both idempotent, so a repeat does no harm), and only then deletes the message. A
 * worker that dies part-way leaves the message to come back after its visibility timeout, and the
 * next worker finishes the move; a message that keeps failing is known by its dequeue count.
 */
class EventuallyConsistentTransactionsPatternTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final Duration VISIBILITY = Duration.ofSeconds(1);
    private static final int POISON_AFTER = 5;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** Where a worker dies, for the test's sake. */
    private enum Step { NONE, AFTER_COPY, AFTER_DELETE }

    /** The worker: one message, the move it asks for, then the message deleted. */
    private record ArchiveWorker(TableClient current, TableClient archive, QueueClient queue, QueueClient poison) {
        /** Takes one message and moves the employee it names; false when there was no message. */
        boolean work(Step dieAt) {
            Optional<QueueMessageItem> taken = queue.receiveMessages(1, VISIBILITY, null, Context.NONE).stream().findFirst();
            if (taken.isEmpty()) {
                return false;
            }
            QueueMessageItem message = taken.get();
            if (message.getDequeueCount() > POISON_AFTER) {
                poison.sendMessage(message.getMessageText());
                queue.deleteMessage(message.getMessageId(), message.getPopReceipt());
                return true;
            }
            String[] keys = message.getMessageText().split("/");
            TableEntity employee = find(current, keys[0], keys[1]);
            if (employee != null) {
                // Insert or replace: a second copy after a crash writes the same entity again.
                TableEntity copy = new TableEntity(keys[0], keys[1]);
                employee.getProperties().forEach((name, value) -> {
                    if (!name.equals("PartitionKey") && !name.equals("RowKey") && !name.equals("Timestamp")
                            && !name.contains("odata.")) {
                        copy.addProperty(name, value);
                    }
                });
                archive.upsertEntityWithResponse(copy, TableEntityUpdateMode.REPLACE, null, Context.NONE);
            }
            if (dieAt == Step.AFTER_COPY) {
                throw new WorkerDied();
            }
            try {
                current.deleteEntity(keys[0], keys[1]); // a second delete finds nothing: 404, nothing to do
            } catch (TableServiceException e) {
                if (e.getResponse().getStatusCode() != 404) {
                    throw e;
                }
            }
            if (dieAt == Step.AFTER_DELETE) {
                throw new WorkerDied();
            }
            queue.deleteMessage(message.getMessageId(), message.getPopReceipt());
            return true;
        }
    }

    private static final class WorkerDied extends RuntimeException {
        WorkerDied() {
            super("the worker died", null, false, false);
        }
    }

    @ParameterizedTest
    @EachStore
    void aMoveInterruptedAtEitherStepCompletesWhenTheMessageComesBack(ServerFixture fixture) throws Exception {
        ArchiveWorker worker = worker(fixture, "move" + System.nanoTime() % 100_000);
        worker.current().createEntity(employee("Sales", "emp1", "Jones"));
        worker.current().createEntity(employee("Sales", "emp2", "Smith"));
        worker.queue().sendMessage("Sales/emp1");
        worker.queue().sendMessage("Sales/emp2");

        assertThatThrownBy(() -> worker.work(Step.AFTER_COPY)).isInstanceOf(WorkerDied.class);
        // Half done: emp1 is in both tables; the message is invisible, not gone.
        assertThat(find(worker.archive(), "Sales", "emp1")).isNotNull();
        assertThat(find(worker.current(), "Sales", "emp1")).isNotNull();
        assertThatThrownBy(() -> worker.work(Step.AFTER_DELETE)).isInstanceOf(WorkerDied.class);
        assertThat(find(worker.current(), "Sales", "emp2")).isNull();

        Thread.sleep(VISIBILITY.toMillis() + 200); // both messages come back
        while (worker.work(Step.NONE)) {
            // the next worker retries each move from the start
        }
        assertThat(worker.current().listEntities()).isEmpty();
        assertThat(worker.archive().listEntities()).extracting(e -> e.getRowKey() + ":" + e.getProperty("LastName"))
                .containsExactly("emp1:Jones", "emp2:Smith");
        assertThat(worker.queue().getProperties().getApproximateMessagesCount()).isZero();
        assertThat(worker.poison().peekMessages(32, null, null)).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void aMessageThatKeepsFailingIsSetAsideByItsDequeueCount(ServerFixture fixture) throws Exception {
        ArchiveWorker worker = worker(fixture, "poison" + System.nanoTime() % 100_000);
        worker.current().createEntity(employee("Sales", "emp9", "Brown"));
        worker.queue().sendMessage("Sales/emp9");
        for (int attempt = 1; attempt <= POISON_AFTER; attempt++) {
            assertThatThrownBy(() -> worker.work(Step.AFTER_COPY)).isInstanceOf(WorkerDied.class);
            Thread.sleep(VISIBILITY.toMillis() + 200);
        }
        assertThat(worker.work(Step.NONE)).isTrue();
        assertThat(worker.queue().peekMessages(32, null, null)).isEmpty();
        List<String> poisoned = worker.poison().peekMessages(32, null, null).stream()
                .map(m -> m.getMessageText()).toList();
        assertThat(poisoned).containsExactly("Sales/emp9");
    }

    private static ArchiveWorker worker(ServerFixture fixture, String prefix) {
        ServerFixture.RunningServer server = SERVERS.server(fixture);
        TableServiceClient tables = SERVERS.service(fixture);
        TableClient current = tables.createTable(prefix + "Current");
        TableClient archive = tables.createTable(prefix + "Archive");
        QueueClient queue = queue(server, prefix + "-moves");
        QueueClient poison = queue(server, prefix + "-moves-poison");
        queue.create();
        poison.create();
        return new ArchiveWorker(current, archive, queue, poison);
    }

    private static QueueClient queue(ServerFixture.RunningServer server, String name) {
        return new QueueClientBuilder().connectionString(server.connectionString()).queueName(name).buildClient();
    }

    private static TableEntity employee(String department, String id, String lastName) {
        return new TableEntity(department, id).addProperty("LastName", lastName).addProperty("Department", department);
    }

    private static TableEntity find(TableClient table, String partitionKey, String rowKey) {
        try {
            return table.getEntity(partitionKey, rowKey);
        } catch (TableServiceException e) {
            if (e.getResponse().getStatusCode() == 404) {
                return null;
            }
            throw e;
        }
    }
}
