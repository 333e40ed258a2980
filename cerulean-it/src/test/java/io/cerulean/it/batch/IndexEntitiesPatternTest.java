package io.cerulean.it.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The table design guide's index-entities pattern: an employee and the index entity listing the
 * employees with one last name live in one partition; adding an employee inserts it and updates
 * the index (conditionally on the index's ETag) in one transaction, retried when a concurrent
 * writer got there first. However the writers interleave, every employee is listed exactly once.
 */
class IndexEntitiesPatternTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final int WRITERS = 8;
    private static final int EMPLOYEES_PER_WRITER = 10;
    private static final String DEPARTMENT = "Sales";
    private static final String INDEX = "lastname_Jones";

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** Adds one employee and lists it in the index, in one transaction; returns how many attempts failed first. */
    private static int hire(TableClient table, String employeeId) {
        int conflicts = 0;
        while (true) {
            TableEntity employee = new TableEntity(DEPARTMENT, "empid_" + employeeId)
                    .addProperty("LastName", "Jones").addProperty("FirstName", "E" + employeeId);
            TableTransactionAction listIt;
            try {
                TableEntity index = table.getEntity(DEPARTMENT, INDEX);
                index.addProperty("EmployeeIDs", index.getProperty("EmployeeIDs") + "," + employeeId);
                listIt = new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, index, true);
            } catch (TableServiceException e) {
                assertThat(e.getResponse().getStatusCode()).isEqualTo(404);
                listIt = new TableTransactionAction(TableTransactionActionType.CREATE,
                        new TableEntity(DEPARTMENT, INDEX).addProperty("EmployeeIDs", employeeId));
            }
            try {
                table.submitTransaction(List.of(
                        new TableTransactionAction(TableTransactionActionType.CREATE, employee), listIt));
                return conflicts;
            } catch (TableTransactionFailedException e) {
                // Another writer changed (or created) the index since we read it: read it again.
                assertThat(e.getFailedTransactionActionIndex()).as(e.getMessage()).isEqualTo(1);
                assertThat(e.getValue().getErrorCode().toString())
                        .isIn("UpdateConditionNotSatisfied", "EntityAlreadyExists");
                conflicts++;
            }
        }
    }

    @ParameterizedTest
    @EachStore
    void concurrentWritersKeepTheIndexEntityExact(ServerFixture fixture) throws Exception {
        TableClient table = SERVERS.newTable(fixture, "Employees");
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        AtomicInteger conflicts = new AtomicInteger();
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                for (int i = 0; i < EMPLOYEES_PER_WRITER; i++) {
                    conflicts.addAndGet(hire(table, String.format("%02d%03d", writer, i)));
                }
            }));
        }
        for (Future<?> writer : writers) {
            writer.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();

        String[] listed = ((String) table.getEntity(DEPARTMENT, INDEX).getProperty("EmployeeIDs")).split(",");
        assertThat(listed).hasSize(WRITERS * EMPLOYEES_PER_WRITER).doesNotHaveDuplicates();
        for (String employeeId : listed) {
            assertThat(table.getEntity(DEPARTMENT, "empid_" + employeeId).getProperty("LastName")).isEqualTo("Jones");
        }
        long employees = table.listEntities().stream().filter(e -> e.getRowKey().startsWith("empid_")).count();
        assertThat(employees).as("no employee without its index entry (%d conflicts retried)", conflicts.get())
                .isEqualTo(listed.length);
        assertThat(Arrays.stream(listed).distinct().count()).isEqualTo(listed.length);
    }
}
