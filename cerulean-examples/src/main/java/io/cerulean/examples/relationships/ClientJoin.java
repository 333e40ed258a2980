package io.cerulean.examples.relationships;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A join done by the client, as the guide advises for small tables that seldom change: the
 * departments of the company are read once, with one query, and kept; a listing of an office's
 * staff with their departments' names is then one query of the office's employees, joined in
 * memory. Looking the department up for each employee instead costs a request per employee, for
 * the same few entities again and again. What is kept is as old as its last read: a renamed
 * department shows its old name until the client reads the departments again.
 */
public final class ClientJoin {
    static final String DEPARTMENTS = "department";

    private final TableClient departments;
    private final TableClient employees;
    private final Traffic traffic;
    private final PrintStream out;
    private Map<String, String> departmentNames;

    public ClientJoin(TableClient departments, TableClient employees, Traffic traffic, PrintStream out) {
        this.departments = departments;
        this.employees = employees;
        this.traffic = traffic;
        this.out = out;
    }

    /** A line of an office's staff listing: an employee and the name of their department. */
    public record StaffMember(String id, String name, String department) {
    }

    /** Stores a department under its code, in the one partition of the small Departments table. */
    public void addDepartment(String code, String name) {
        departments.upsertEntity(new TableEntity(DEPARTMENTS, code).addProperty("Name", name));
    }

    /** Stores an employee in their office's partition, with the code of their department. */
    public void addEmployee(String office, String id, String name, String departmentCode) {
        employees.createEntity(new TableEntity(office, id).addProperty("Name", name)
                .addProperty("DepartmentCode", departmentCode));
    }

    /** An office's staff with their departments: one query, and one more the first time, for the departments. */
    public List<StaffMember> staff(String office) {
        Traffic.Measured<List<StaffMember>> listed = traffic.measure(() -> {
            Map<String, String> names = departmentNames();
            List<StaffMember> staff = new ArrayList<>();
            for (TableEntity employee : employeesOf(office)) {
                staff.add(new StaffMember(employee.getRowKey(), (String) employee.getProperty("Name"),
                        names.get((String) employee.getProperty("DepartmentCode"))));
            }
            return staff;
        });
        out.printf("staff of %s, joined with the departments kept: %s%n", office, listed.cost());
        return listed.value();
    }

    /** The same listing, each employee's department read as it comes: a request per employee. */
    public List<StaffMember> staffLookingUpEach(String office) {
        Traffic.Measured<List<StaffMember>> listed = traffic.measure(() -> {
            List<StaffMember> staff = new ArrayList<>();
            for (TableEntity employee : employeesOf(office)) {
                TableEntity department = departments.getEntity(DEPARTMENTS,
                        (String) employee.getProperty("DepartmentCode"));
                staff.add(new StaffMember(employee.getRowKey(), (String) employee.getProperty("Name"),
                        (String) department.getProperty("Name")));
            }
            return staff;
        });
        out.printf("staff of %s, a department read per employee: %s%n", office, listed.cost());
        return listed.value();
    }

    /** Forgets the departments kept, so the next listing reads them again. */
    public void refresh() {
        departmentNames = null;
    }

    private List<TableEntity> employeesOf(String office) {
        return employees.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '"
                + office.replace("'", "''") + "'"), null, null).stream().toList();
    }

    private Map<String, String> departmentNames() {
        if (departmentNames == null) {
            Map<String, String> names = new HashMap<>();
            departments.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + DEPARTMENTS + "'"),
                    null, null).forEach(d -> names.put(d.getRowKey(), (String) d.getProperty("Name")));
            departmentNames = names;
        }
        return departmentNames;
    }

    /** Runs the pattern against {@code args[0]}, {@code AZURE_STORAGE_CONNECTION_STRING}, or the emulator. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        var tables = Clients.tables(Clients.connectionString(args), traffic);
        TableClient departments = tables.createTableIfNotExists("Departments");
        TableClient employees = tables.createTableIfNotExists("Employees");
        try {
            ClientJoin example = new ClientJoin(departments, employees, traffic, System.out);
            example.addDepartment("S", "Sales");
            example.addDepartment("F", "Finance");
            example.addEmployee("Redmond", "000123", "Don Jones", "S");
            example.addEmployee("Redmond", "000152", "Ann Hall", "F");
            example.addEmployee("Redmond", "000175", "Lee Hart", "S");
            example.staff("Redmond");
            example.staff("Redmond");
            example.staffLookingUpEach("Redmond");
        } finally {
            departments.deleteTable();
            employees.deleteTable();
        }
    }
}
