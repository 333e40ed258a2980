package io.cerulean.examples.interpartitionindex;

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
import java.util.Optional;

/**
 * The inter-partition secondary index pattern, kept in step by the eventually consistent
 * transactions pattern. Each employee is stored twice: under {@code empid_<department>} keyed by
 * id, and under {@code email_<department>} keyed by email address, so both lookups are point
 * queries, and each copy lives in a partition of its own, so the two kinds of lookup never load
 * one partition. No transaction spans two partitions: the application writes the id entity and
 * puts a message on a queue; a worker takes the message, writes the email entity from the id
 * entity as it finds it (insert or replace, so doing it twice does no harm), removes the entity of
 * a previous address, and only then deletes the message. A worker that dies before the delete
 * leaves the message to reappear after its visibility timeout for the next worker to finish; a
 * message that keeps failing goes to a poison queue after {@value #MAX_DEQUEUES} tries. Until the
 * worker has run, a lookup by email sees the old state: the index is eventually consistent. The
 * application's write and its message are two requests: a writer that dies between them leaves
 * the email index behind until the employee is written again.
 */
public final class InterPartitionSecondaryIndex {
    static final String TABLE = "EmployeeDirectory";
    static final String QUEUE = "employee-index";
    /** How many times a message is tried before it is set aside in the poison queue. */
    public static final int MAX_DEQUEUES = 3;

    private final TableClient employees;
    private final QueueClient updates;
    private final QueueClient poison;
    private final Traffic traffic;
    private final PrintStream out;

    public InterPartitionSecondaryIndex(TableClient employees, QueueClient updates, QueueClient poison,
            Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.updates = updates;
        this.poison = poison;
        this.traffic = traffic;
        this.out = out;
    }

    /** An employee as the application knows one. */
    public record Employee(String department, String id, String email, String firstName, String lastName) {
        static Employee of(TableEntity entity) {
            return new Employee((String) entity.getProperty("Department"), (String) entity.getProperty("EmployeeId"),
                    (String) entity.getProperty("Email"), (String) entity.getProperty("FirstName"),
                    (String) entity.getProperty("LastName"));
        }

        TableEntity under(String partitionKey, String rowKey) {
            return new TableEntity(partitionKey, rowKey).addProperty("Department", department)
                    .addProperty("EmployeeId", id).addProperty("Email", email).addProperty("FirstName", firstName)
                    .addProperty("LastName", lastName);
        }
    }

    static String byIdPartition(String department) {
        return "empid_" + department;
    }

    static String byEmailPartition(String department) {
        return "email_" + department;
    }

    /** Hires an employee: the id entity, then a message asking for the email entity. */
    public void hire(Employee employee) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            employees.createEntity(employee.under(byIdPartition(employee.department()), employee.id()));
            updates.sendMessage(message(employee.department(), employee.id(), ""));
            return null;
        });
        out.printf("hire %s <%s>: the id entity and a message, %s%n", employee.id(), employee.email(), hired.cost());
    }

    /** Changes an employee's email: the id entity, on the ETag it was read with, then a message. */
    public void changeEmail(String department, String id, String newEmail) {
        Traffic.Measured<Void> changed = traffic.measure(() -> {
            TableEntity current = employees.getEntity(byIdPartition(department), id);
            String oldEmail = (String) current.getProperty("Email");
            current.addProperty("Email", newEmail);
            employees.updateEntityWithResponse(current, TableEntityUpdateMode.REPLACE, true, null, Context.NONE);
            updates.sendMessage(message(department, id, oldEmail));
            return null;
        });
        out.printf("change the email of %s to <%s>: read, update, message, %s%n", id, newEmail, changed.cost());
    }

    /** The employee with this id: a point query in the id partition. */
    public Optional<Employee> byId(String department, String id) {
        return pointQuery("find " + id + " by id", byIdPartition(department), id);
    }

    /** The employee with this email: a point query in the email partition, as up to date as the worker. */
    public Optional<Employee> byEmail(String department, String email) {
        return pointQuery("find <" + email + "> by email", byEmailPartition(department), email);
    }

    private Optional<Employee> pointQuery(String what, String partitionKey, String rowKey) {
        Traffic.Measured<Optional<Employee>> found = traffic.measure(() -> employees.listEntities(
                new ListEntitiesOptions().setFilter("PartitionKey eq '" + quoted(partitionKey) + "' and RowKey eq '"
                        + quoted(rowKey) + "'"), null, null).stream().findFirst().map(Employee::of));
        out.printf("%s: %s, %s%n", what, found.value().isPresent() ? "found" : "not found", found.cost());
        return found.value();
    }

    /**
     * The worker: takes a message, keeps it hidden for {@code visibility} (longer than the work
     * takes), sets it aside if it has failed too often, else applies it and deletes it. Answers
     * false when the queue had nothing to take. A failure leaves the message to come back.
     */
    public boolean work(Duration visibility) {
        Traffic.Measured<Boolean> worked = traffic.measure(() -> {
            Optional<QueueMessageItem> taken = take(visibility);
            if (taken.isEmpty()) {
                return false;
            }
            QueueMessageItem message = taken.get();
            if (message.getDequeueCount() > MAX_DEQUEUES) {
                poison.sendMessage(message.getBody().toString());
                done(message);
                out.printf("set aside <%s> after %d tries%n", message.getBody().toString(), MAX_DEQUEUES);
                return true;
            }
            apply(message);
            done(message);
            return true;
        });
        if (worked.value()) {
            out.printf("work one message: %s%n", worked.cost());
        }
        return worked.value();
    }

    /** The worker's first step: one message, hidden from other workers for {@code visibility}. */
    public Optional<QueueMessageItem> take(Duration visibility) {
        return updates.receiveMessages(1, visibility, null, Context.NONE).stream().findFirst();
    }

    /**
     * The worker's second step, idempotent: the email entity written from the id entity as it is
     * now, and the entity of the previous address deleted if it is still this employee's.
     */
    public void apply(QueueMessageItem message) {
        String[] fields = message.getBody().toString().split("/", 3);
        if (fields.length != 3) {
            throw new IllegalArgumentException("not an index update: " + message.getBody().toString());
        }
        String department = fields[0];
        String id = fields[1];
        String previousEmail = fields[2];
        Optional<TableEntity> current = find(byIdPartition(department), id);
        String email = current.map(entity -> (String) entity.getProperty("Email")).orElse(null);
        current.ifPresent(entity -> employees.upsertEntityWithResponse(
                Employee.of(entity).under(byEmailPartition(department), email), TableEntityUpdateMode.REPLACE, null,
                Context.NONE));
        if (!previousEmail.isEmpty() && !previousEmail.equals(email)) {
            // The old address may have been given to someone else since: delete only our own entity.
            find(byEmailPartition(department), previousEmail)
                    .filter(entity -> id.equals(entity.getProperty("EmployeeId")))
                    .ifPresent(entity -> deleteIfUnchanged(entity));
        }
    }

    /** The worker's last step, once the message has been applied. */
    public void done(QueueMessageItem message) {
        updates.deleteMessage(message.getMessageId(), message.getPopReceipt());
    }

    private void deleteIfUnchanged(TableEntity entity) {
        try {
            employees.deleteEntityWithResponse(entity, true, null, Context.NONE);
        } catch (TableServiceException e) {
            // 404: another worker got there first; 412: it changed, so it is not ours to delete.
            if (e.getResponse().getStatusCode() != 404 && e.getResponse().getStatusCode() != 412) {
                throw e;
            }
        }
    }

    private Optional<TableEntity> find(String partitionKey, String rowKey) {
        try {
            return Optional.of(employees.getEntity(partitionKey, rowKey));
        } catch (TableServiceException e) {
            if (e.getResponse().getStatusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private static String message(String department, String id, String previousEmail) {
        return department + "/" + id + "/" + previousEmail;
    }

    private static String quoted(String value) {
        return value.replace("'", "''");
    }

    /** Hires an employee, looks them up before and after the worker, then changes their address. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        String connectionString = Clients.connectionString(args);
        TableClient table = Clients.tables(connectionString, traffic).createTableIfNotExists(TABLE);
        QueueClient updates = Clients.queues(connectionString, traffic).getQueueClient(QUEUE);
        QueueClient poison = Clients.queues(connectionString, traffic).getQueueClient(QUEUE + "-poison");
        updates.createIfNotExists();
        poison.createIfNotExists();
        try {
            InterPartitionSecondaryIndex example = new InterPartitionSecondaryIndex(table, updates, poison, traffic,
                    System.out);
            example.hire(new Employee("Sales", "000223", "jonesj@contoso.com", "John", "Jones"));
            example.byId("Sales", "000223");
            example.byEmail("Sales", "jonesj@contoso.com");
            example.work(Duration.ofSeconds(30));
            example.byEmail("Sales", "jonesj@contoso.com");
            example.changeEmail("Sales", "000223", "john.jones@contoso.com");
            example.work(Duration.ofSeconds(30));
            example.byEmail("Sales", "jonesj@contoso.com");
            example.byEmail("Sales", "john.jones@contoso.com");
        } finally {
            table.deleteTable();
            updates.delete();
            poison.delete();
        }
    }
}
