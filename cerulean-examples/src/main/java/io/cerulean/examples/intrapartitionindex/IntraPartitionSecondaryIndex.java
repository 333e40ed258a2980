package io.cerulean.examples.intrapartitionindex;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * The intra-partition secondary index pattern: each employee is stored twice in their department's
 * partition, under {@code empid_<id>} and under {@code email_<address>}, and the two copies are
 * written by one entity group transaction, so they never disagree. Looking an employee up by id or
 * by email is then a point query, and a range of emails a range query, where without the index a
 * lookup by email scans the partition.
 */
public final class IntraPartitionSecondaryIndex {
    static final String TABLE = "Employees";

    private final TableClient employees;
    private final Traffic traffic;
    private final PrintStream out;

    public IntraPartitionSecondaryIndex(TableClient employees, Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.traffic = traffic;
        this.out = out;
    }

    /** An employee as the application knows one. */
    public record Employee(String department, String id, String email, String firstName, String lastName) {
        static Employee of(TableEntity entity) {
            return new Employee(entity.getPartitionKey(), (String) entity.getProperty("EmployeeId"),
                    (String) entity.getProperty("Email"), (String) entity.getProperty("FirstName"),
                    (String) entity.getProperty("LastName"));
        }

        TableEntity under(String rowKey) {
            return new TableEntity(department, rowKey).addProperty("EmployeeId", id).addProperty("Email", email)
                    .addProperty("FirstName", firstName).addProperty("LastName", lastName);
        }

        String idKey() {
            return "empid_" + id;
        }

        String emailKey() {
            return "email_" + email;
        }
    }

    /** Hires an employee: both index entities in one transaction, or neither. */
    public void hire(Employee employee) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            employees.submitTransaction(List.of(
                    new TableTransactionAction(TableTransactionActionType.CREATE, employee.under(employee.idKey())),
                    new TableTransactionAction(TableTransactionActionType.CREATE,
                            employee.under(employee.emailKey()))));
            return null;
        });
        out.printf("hire %s <%s>: one transaction of two entities, %s%n", employee.id(), employee.email(),
                hired.cost());
    }

    /**
     * Changes an employee's email: the id entity updated on the ETag it was read with, the old email
     * entity deleted and the new one inserted, in one transaction. A concurrent change of the
     * employee, or an address already taken, fails the whole transaction and changes nothing.
     */
    public void changeEmail(String department, String id, String newEmail) {
        Traffic.Measured<Void> changed = traffic.measure(() -> {
            TableEntity current = employees.getEntity(department, "empid_" + id);
            Employee before = Employee.of(current);
            Employee after = new Employee(department, id, newEmail, before.firstName(), before.lastName());
            // The entity as read carries its ETag: the update holds only if no one changed it since.
            current.addProperty("Email", newEmail);
            employees.submitTransaction(List.of(
                    new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, current, true),
                    new TableTransactionAction(TableTransactionActionType.DELETE, before.under(before.emailKey())),
                    new TableTransactionAction(TableTransactionActionType.CREATE, after.under(after.emailKey()))));
            return null;
        });
        out.printf("change the email of %s to <%s>: read, then one transaction of three, %s%n", id, newEmail,
                changed.cost());
    }

    /** The employee with this id: a point query. */
    public Optional<Employee> byId(String department, String id) {
        return one("find " + id + " by id", "PartitionKey eq '" + department + "' and RowKey eq 'empid_" + id + "'");
    }

    /** The employee with this email: a point query on the email index entity. */
    public Optional<Employee> byEmail(String department, String email) {
        return one("find <" + email + "> by email",
                "PartitionKey eq '" + department + "' and RowKey eq 'email_" + quoted(email) + "'");
    }

    /** The employees whose email starts with {@code prefix}, in email order: a range query. */
    public List<Employee> byEmailPrefix(String department, String prefix) {
        String from = "email_" + prefix;
        String to = from.substring(0, from.length() - 1) + (char) (from.charAt(from.length() - 1) + 1);
        return list("find emails starting '" + prefix + "'", "PartitionKey eq '" + department + "' and RowKey ge '"
                + quoted(from) + "' and RowKey lt '" + quoted(to) + "'");
    }

    /** The same lookup by email without the index: a scan of the partition, every employee read. */
    public Optional<Employee> byEmailWithoutIndex(String department, String email) {
        return one("find <" + email + "> by scanning for it",
                "PartitionKey eq '" + department + "' and Email eq '" + quoted(email) + "'");
    }

    private Optional<Employee> one(String what, String filter) {
        List<Employee> found = list(what, filter);
        return found.stream().findFirst();
    }

    private List<Employee> list(String what, String filter) {
        Traffic.Measured<List<Employee>> found = traffic.measure(() -> employees.listEntities(
                new ListEntitiesOptions().setFilter(filter), null, null).stream().map(Employee::of)
                .toList());
        out.printf("%s: %d found, %s%n", what, found.value().size(), found.cost());
        return found.value();
    }

    private static String quoted(String value) {
        return value.replace("'", "''");
    }

    /** Runs the pattern against {@code args[0]}, {@code AZURE_STORAGE_CONNECTION_STRING}, or the emulator. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists(TABLE);
        try {
            IntraPartitionSecondaryIndex example = new IntraPartitionSecondaryIndex(table, traffic, System.out);
            example.hire(new Employee("Sales", "000123", "jones@contoso.com", "Don", "Jones"));
            example.hire(new Employee("Sales", "000152", "hall@contoso.com", "Ann", "Hall"));
            example.byId("Sales", "000123");
            example.byEmail("Sales", "jones@contoso.com");
            example.byEmailPrefix("Sales", "h");
            example.byEmailWithoutIndex("Sales", "jones@contoso.com");
            example.changeEmail("Sales", "000123", "don.jones@contoso.com");
            example.byEmail("Sales", "don.jones@contoso.com");
        } finally {
            table.deleteTable();
        }
    }
}
