package io.cerulean.examples.denormalisation;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The denormalisation pattern: what is read together is stored together. Each employee entity
 * carries its department's manager, so "an employee and their manager" is one point read where
 * the normalised design (a department entity beside the employees) takes two. The price is paid on
 * the rarer write: a new manager is written into every employee of the department, a hundred to a
 * transaction, all in the department's partition.
 */
public final class Denormalisation {
    static final String TABLE = "Staff";

    private final TableClient staff;
    private final Traffic traffic;
    private final PrintStream out;

    public Denormalisation(TableClient staff, Traffic traffic, PrintStream out) {
        this.staff = staff;
        this.traffic = traffic;
        this.out = out;
    }

    /** An employee with the manager of their department, as one read answers it. */
    public record EmployeeAndManager(String id, String name, String manager) {
    }

    /** Hires {@code names} into {@code department} under {@code manager}: a transaction per hundred. */
    public void staff(String department, String manager, List<String> names) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            List<TableEntity> entities = new ArrayList<>();
            entities.add(new TableEntity(department, "department").addProperty("Manager", manager));
            for (int i = 0; i < names.size(); i++) {
                entities.add(new TableEntity(department, String.format("empid_%06d", i))
                        .addProperty("Name", names.get(i)).addProperty("Manager", manager));
            }
            inTransactions(entities);
            return null;
        });
        out.printf("staff %s with %d employees: %s%n", department, names.size(), hired.cost());
    }

    /** An employee and their manager: one point read of the denormalised entity. */
    public Optional<EmployeeAndManager> employee(String department, String id) {
        Traffic.Measured<Optional<EmployeeAndManager>> found = traffic.measure(() -> staff.listEntities(
                new ListEntitiesOptions().setFilter("PartitionKey eq '" + department + "' and RowKey eq 'empid_"
                        + id + "'"), null, null).stream().findFirst().map(e -> new EmployeeAndManager(id,
                        (String) e.getProperty("Name"), (String) e.getProperty("Manager"))));
        out.printf("employee %s and their manager: %s%n", id, found.cost());
        return found.value();
    }

    /** The same answer from the normalised design: the employee, then the department, two reads. */
    public Optional<EmployeeAndManager> employeeNormalised(String department, String id) {
        Traffic.Measured<Optional<EmployeeAndManager>> found = traffic.measure(() -> {
            TableEntity employee = staff.getEntity(department, "empid_" + id);
            TableEntity unit = staff.getEntity(department, "department");
            return Optional.of(new EmployeeAndManager(id, (String) employee.getProperty("Name"),
                    (String) unit.getProperty("Manager")));
        });
        out.printf("employee %s, then their department: %s%n", id, found.cost());
        return found.value();
    }

    /** A new manager for {@code department}: written into every employee, in the department's transactions. */
    public void changeManager(String department, String manager) {
        Traffic.Measured<Void> changed = traffic.measure(() -> {
            List<TableEntity> entities = new ArrayList<>();
            staff.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + department + "'")
                    .setSelect(List.of("PartitionKey", "RowKey")), null, null)
                    .forEach(e -> entities.add(new TableEntity(department, e.getRowKey()).addProperty("Manager",
                            manager)));
            inTransactions(entities);
            return null;
        });
        out.printf("a new manager for %s: %s%n", department, changed.cost());
    }

    private void inTransactions(List<TableEntity> entities) {
        for (int from = 0; from < entities.size(); from += 100) {
            List<TableTransactionAction> batch = new ArrayList<>();
            for (TableEntity entity : entities.subList(from, Math.min(entities.size(), from + 100))) {
                batch.add(new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, entity));
            }
            staff.submitTransaction(batch);
        }
    }

    /** A department of 150, read both ways, then a new manager. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists(TABLE);
        try {
            Denormalisation example = new Denormalisation(table, traffic, System.out);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < 150; i++) {
                names.add("Employee " + i);
            }
            example.staff("Sales", "Ann Hall", names);
            example.employee("Sales", "000042");
            example.employeeNormalised("Sales", "000042");
            example.changeManager("Sales", "Don Jones");
            example.employee("Sales", "000042");
        } finally {
            table.deleteTable();
        }
    }
}
