package io.cerulean.examples.indexentities;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The index entities pattern, third option: an index entity per last name in a partition of its
 * own ({@code lastname_Jones}), whose {@code EmployeeDetails} lists {@code department/id} pairs
 * across every department. The index and the employees share no partition, so no transaction:
 * hiring inserts the employee and puts a message on a queue; a worker takes it, adds the pair to
 * the index unless it is listed already (so a message seen twice adds nothing), on the ETag the
 * index was read with (so two workers never lose each other's pair), and only then deletes the
 * message. Until the worker has run the new employee is missing from the index: it is eventually
 * consistent. The list is one string property, 32K characters at most, as in the second option.
 */
public final class SeparatePartitionIndex {
    static final String TABLE = "EmployeesByLastName";
    static final String QUEUE = "lastname-index";
    private static final String INDEX_ROW = "index";

    private final TableClient employees;
    private final QueueClient updates;
    private final Traffic traffic;
    private final PrintStream out;

    public SeparatePartitionIndex(TableClient employees, QueueClient updates, Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.updates = updates;
        this.traffic = traffic;
        this.out = out;
    }

    static String indexPartition(String lastName) {
        return "lastname_" + lastName;
    }

    /** Hires an employee: the employee, then a message asking for the index. */
    public void hire(Employee employee) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            employees.createEntity(employee.entity());
            updates.sendMessage(employee.lastName() + "/" + employee.department() + "/" + employee.id());
            return null;
        });
        out.printf("hire %s %s: the employee and a message, %s%n", employee.id(), employee.lastName(), hired.cost());
    }

    /** The worker: one message applied, then deleted; false when there was none. */
    public boolean work(Duration visibility) {
        Traffic.Measured<Boolean> worked = traffic.measure(() -> {
            Optional<QueueMessageItem> taken = updates.receiveMessages(1, visibility, null, Context.NONE).stream()
                    .findFirst();
            taken.ifPresent(message -> {
                apply(message.getBody().toString());
                updates.deleteMessage(message.getMessageId(), message.getPopReceipt());
            });
            return taken.isPresent();
        });
        if (worked.value()) {
            out.printf("work one message: %s%n", worked.cost());
        }
        return worked.value();
    }

    /** Applies a message: the pair added to its name's index unless listed, read again when another worker won. */
    public void apply(String message) {
        String[] fields = message.split("/", 2);
        String lastName = fields[0];
        String pair = fields[1];
        while (true) {
            try {
                TableEntity index = employees.getEntity(indexPartition(lastName), INDEX_ROW);
                List<String> pairs = pairs(index);
                if (pairs.contains(pair)) {
                    return;
                }
                index.addProperty("EmployeeDetails", index.getProperty("EmployeeDetails") + "," + pair);
                employees.updateEntityWithResponse(index, TableEntityUpdateMode.REPLACE, true, null, Context.NONE);
                return;
            } catch (TableServiceException e) {
                int status = e.getResponse().getStatusCode();
                if (status == 404) {
                    if (created(lastName, pair)) {
                        return;
                    }
                } else if (status != 412) {
                    throw e;
                }
            }
        }
    }

    private boolean created(String lastName, String pair) {
        try {
            employees.createEntity(new TableEntity(indexPartition(lastName), INDEX_ROW)
                    .addProperty("EmployeeDetails", pair));
            return true;
        } catch (TableServiceException e) {
            if (e.getResponse().getStatusCode() != 409) {
                throw e;
            }
            return false; // another worker created it first: read it and add to it
        }
    }

    /** The pairs listed for a name: one point query on its index entity. */
    public List<String> pairs(String lastName) {
        Traffic.Measured<List<String>> pairs = traffic.measure(() -> employees.listEntities(new ListEntitiesOptions()
                .setFilter("PartitionKey eq '" + Employee.quoted(indexPartition(lastName)) + "' and RowKey eq '"
                        + INDEX_ROW + "'"), null, null).stream().findFirst().map(SeparatePartitionIndex::pairs)
                .orElse(List.of()));
        out.printf("the index of %s: %d employees, %s%n", lastName, pairs.value().size(), pairs.cost());
        return pairs.value();
    }

    /** The employees of a name, in every department: the index, then a point query per pair. */
    public List<Employee> find(String lastName) {
        Traffic.Measured<List<Employee>> found = traffic.measure(() -> {
            List<Employee> result = new ArrayList<>();
            for (String pair : pairs(lastName)) {
                String[] key = pair.split("/", 2);
                Employee.find(employees, key[0], key[1]).ifPresent(result::add);
            }
            return result;
        });
        out.printf("find everyone named %s: %d found, %s%n", lastName, found.value().size(), found.cost());
        return found.value();
    }

    private static List<String> pairs(TableEntity index) {
        return Arrays.asList(((String) index.getProperty("EmployeeDetails")).split(","));
    }

    /** Joneses in two departments, indexed by the worker, then found. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        String connectionString = Clients.connectionString(args);
        TableClient table = Clients.tables(connectionString, traffic).createTableIfNotExists(TABLE);
        QueueClient updates = Clients.queues(connectionString, traffic).getQueueClient(QUEUE);
        updates.createIfNotExists();
        try {
            SeparatePartitionIndex example = new SeparatePartitionIndex(table, updates, traffic, System.out);
            example.hire(new Employee("Sales", "000152", "Don", "Jones"));
            example.hire(new Employee("HR", "000154", "Lee", "Jones"));
            example.find("Jones");
            while (example.work(Duration.ofSeconds(30))) {
                // until the queue is empty
            }
            example.find("Jones").forEach(employee -> System.out.println("  " + employee));
        } finally {
            table.deleteTable();
            updates.delete();
        }
    }
}
