package io.cerulean.examples.relationships;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * One-to-one relationships, linked the two ways the guide names.
 * <ul>
 * <li><b>Implicitly</b>, by a convention on the keys: an employee's pay record has the employee's
 * PartitionKey and RowKey in the Payroll table, so whoever knows the employee reads the pay record
 * with one point read. It is a table of its own so that access can differ: a shared access
 * signature for the Employees table reads employees and is refused the Payroll table.</li>
 * <li><b>Explicitly</b>, by storing the related entity's PartitionKey and RowKey in each entity: an
 * employee holds the keys of their desk, the desk those of its occupant, so either side is found
 * from the other with two point reads, one after the other. Two tables, so an assignment is two
 * writes.</li>
 * </ul>
 */
public final class OneToOne {
    private final TableClient employees;
    private final TableClient payroll;
    private final TableClient desks;
    private final Traffic traffic;
    private final PrintStream out;

    public OneToOne(TableClient employees, TableClient payroll, TableClient desks, Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.payroll = payroll;
        this.desks = desks;
        this.traffic = traffic;
        this.out = out;
    }

    /** Where an employee sits. */
    public record Desk(String floor, String number) {
    }

    /** Hires an employee: the employee and, under the same keys, their pay record. */
    public void hire(String department, String id, String name, int salary) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            employees.createEntity(new TableEntity(department, id).addProperty("Name", name));
            payroll.createEntity(new TableEntity(department, id).addProperty("Salary", salary));
            return null;
        });
        out.printf("hire %s: an employee and their pay record, %s%n", id, hired.cost());
    }

    /** An employee's salary: the pay record has the employee's keys, one point read. */
    public int salary(String department, String id) {
        Traffic.Measured<Integer> read = traffic.measure(() -> (Integer) payroll.getEntity(department, id)
                .getProperty("Salary"));
        out.printf("salary of %s, by the employee's keys: %s%n", id, read.cost());
        return read.value();
    }

    /** Gives an employee a desk: each entity is merged with the other's keys. */
    public void assign(String department, String id, Desk desk) {
        Traffic.Measured<Void> assigned = traffic.measure(() -> {
            employees.updateEntity(new TableEntity(department, id).addProperty("DeskPartitionKey", desk.floor())
                    .addProperty("DeskRowKey", desk.number()), TableEntityUpdateMode.MERGE);
            desks.upsertEntity(new TableEntity(desk.floor(), desk.number())
                    .addProperty("EmployeePartitionKey", department).addProperty("EmployeeRowKey", id));
            return null;
        });
        out.printf("desk %s/%s for %s: %s%n", desk.floor(), desk.number(), id, assigned.cost());
    }

    /** An employee's desk: the employee read, then the desk by the keys it holds. */
    public Desk deskOf(String department, String id) {
        Traffic.Measured<Desk> found = traffic.measure(() -> {
            TableEntity employee = employees.getEntity(department, id);
            TableEntity desk = desks.getEntity((String) employee.getProperty("DeskPartitionKey"),
                    (String) employee.getProperty("DeskRowKey"));
            return new Desk(desk.getPartitionKey(), desk.getRowKey());
        });
        out.printf("desk of %s: %s%n", id, found.cost());
        return found.value();
    }

    /** Who sits at a desk: the desk read, then the employee by the keys it holds. */
    public String occupant(Desk desk) {
        Traffic.Measured<String> found = traffic.measure(() -> {
            TableEntity entity = desks.getEntity(desk.floor(), desk.number());
            return (String) employees.getEntity((String) entity.getProperty("EmployeePartitionKey"),
                    (String) entity.getProperty("EmployeeRowKey")).getProperty("Name");
        });
        out.printf("occupant of %s/%s: %s%n", desk.floor(), desk.number(), found.cost());
        return found.value();
    }

    /** A shared access signature that reads the Employees table, and nothing else, for {@code valid}. */
    public String directoryAccess(Duration valid) {
        return employees.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plus(valid),
                TableSasPermission.parse("r")));
    }

    /** Runs the pattern against {@code args[0]}, {@code AZURE_STORAGE_CONNECTION_STRING}, or the emulator. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        var tables = Clients.tables(Clients.connectionString(args), traffic);
        TableClient employees = tables.createTableIfNotExists("Employees");
        TableClient payroll = tables.createTableIfNotExists("Payroll");
        TableClient desks = tables.createTableIfNotExists("Desks");
        try {
            OneToOne example = new OneToOne(employees, payroll, desks, traffic, System.out);
            example.hire("Sales", "000123", "Don Jones", 52000);
            example.salary("Sales", "000123");
            example.assign("Sales", "000123", new Desk("Floor3", "D17"));
            example.deskOf("Sales", "000123");
            example.occupant(new Desk("Floor3", "D17"));
        } finally {
            for (TableClient table : List.of(employees, payroll, desks)) {
                table.deleteTable();
            }
        }
    }
}
