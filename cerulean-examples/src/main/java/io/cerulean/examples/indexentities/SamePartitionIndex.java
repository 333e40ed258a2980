package io.cerulean.examples.indexentities;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The index entities pattern, second option: in each department's partition, beside its
 * employees, an index entity per last name ({@code lastname_Jones}) whose {@code EmployeeIDs}
 * lists the ids of the department's employees of that name. Hiring reads the index entity, then
 * inserts the employee and updates the index on the ETag it read, in one transaction: the two
 * never disagree, and a writer that lost the race to another reads the index again and retries.
 * Finding the Joneses of a department is a point query on the index, then one per employee. The
 * limits: the list is one string property, so at most 32K characters (64 KiB), past which the
 * transaction is refused and the list belongs in a blob (the first option); the lookup is per
 * department; and every hire of a name writes one entity, so the partition's rate bounds them.
 */
public final class SamePartitionIndex {
    static final String TABLE = "EmployeesIndexed";

    private final TableClient employees;
    private final Traffic traffic;
    private final PrintStream out;

    public SamePartitionIndex(TableClient employees, Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.traffic = traffic;
        this.out = out;
    }

    static String indexKey(String lastName) {
        return "lastname_" + lastName;
    }

    /**
     * Hires an employee and lists them in their name's index entity, in one transaction, read and
     * tried again while another writer changes the index first. Answers how many tries lost.
     */
    public int hire(Employee employee) {
        Traffic.Measured<Integer> hired = traffic.measure(() -> {
            int lost = 0;
            while (true) {
                TableTransactionAction listIt = listed(employee);
                try {
                    employees.submitTransaction(List.of(
                            new TableTransactionAction(TableTransactionActionType.CREATE, employee.entity()), listIt));
                    return lost;
                } catch (TableTransactionFailedException e) {
                    String code = String.valueOf(e.getValue().getErrorCode());
                    boolean raced = e.getFailedTransactionActionIndex() != null
                            && e.getFailedTransactionActionIndex() == 1
                            && (code.equals("UpdateConditionNotSatisfied") || code.equals("EntityAlreadyExists"));
                    if (!raced) {
                        throw e;
                    }
                    lost++;
                }
            }
        });
        out.printf("hire %s %s: a read and a transaction of two per try, %d lost, %s%n", employee.id(),
                employee.lastName(), hired.value(), hired.cost());
        return hired.value();
    }

    /** The index action of a hire: the entity as read, its list one id longer, or a new index entity. */
    private TableTransactionAction listed(Employee employee) {
        try {
            TableEntity index = employees.getEntity(employee.department(), indexKey(employee.lastName()));
            index.addProperty("EmployeeIDs", index.getProperty("EmployeeIDs") + "," + employee.id());
            // The entity as read carries its ETag: the update holds only if no one changed it since.
            return new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, index, true);
        } catch (TableServiceException e) {
            if (e.getResponse().getStatusCode() != 404) {
                throw e;
            }
            return new TableTransactionAction(TableTransactionActionType.CREATE,
                    new TableEntity(employee.department(), indexKey(employee.lastName()))
                            .addProperty("EmployeeIDs", employee.id()));
        }
    }

    /** The ids the index lists for a name in a department: one point query. */
    public List<String> ids(String department, String lastName) {
        Traffic.Measured<List<String>> ids = traffic.measure(() -> employees.listEntities(new ListEntitiesOptions()
                .setFilter("PartitionKey eq '" + Employee.quoted(department) + "' and RowKey eq '"
                        + Employee.quoted(indexKey(lastName)) + "'"), null, null).stream().findFirst()
                .map(index -> Arrays.asList(((String) index.getProperty("EmployeeIDs")).split(","))).orElse(List.of()));
        out.printf("the index of %s in %s: %d ids, %s%n", lastName, department, ids.value().size(), ids.cost());
        return ids.value();
    }

    /** The employees of a name in a department: the index, then a point query per id. */
    public List<Employee> find(String department, String lastName) {
        Traffic.Measured<List<Employee>> found = traffic.measure(() -> {
            List<Employee> result = new ArrayList<>();
            for (String id : ids(department, lastName)) {
                Employee.find(employees, department, id).ifPresent(result::add);
            }
            return result;
        });
        out.printf("find everyone named %s in %s: %d found, %s%n", lastName, department, found.value().size(),
                found.cost());
        return found.value();
    }

    /** Three Joneses and a Smith, then the Joneses found through the index. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists(TABLE);
        try {
            SamePartitionIndex example = new SamePartitionIndex(table, traffic, System.out);
            example.hire(new Employee("Sales", "000152", "Don", "Jones"));
            example.hire(new Employee("Sales", "000153", "Ann", "Smith"));
            example.hire(new Employee("Sales", "000154", "Lee", "Jones"));
            example.hire(new Employee("Sales", "000155", "Kim", "Jones"));
            example.find("Sales", "Jones").forEach(employee -> System.out.println("  " + employee));
        } finally {
            table.deleteTable();
        }
    }
}
