package io.cerulean.examples.relationships;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A one-to-many relationship, a department and its employees, stored the two ways the guide
 * weighs (the third, one denormalised entity type, is the denormalisation example).
 * <ul>
 * <li><b>Together</b>: one table, the department's partition holding the department entity and its
 * employees, told apart by an {@code EntityType} property. The department with its staff is one
 * query, and a hire inserts the employee and counts it in the department in one entity group
 * transaction, so the count never disagrees with the staff. The price: all of a department's
 * writes go to one partition.</li>
 * <li><b>Apart</b>: a Departments table and an Employees table. Each entity is written alone and
 * the load spreads, but reading a department with its staff takes two requests, and a hire is two
 * writes no transaction spans: a reader between them sees the employee not yet counted.</li>
 * </ul>
 */
public final class OneToMany {
    static final String DEPARTMENT = "department";

    private final TableClient company;
    private final TableClient departments;
    private final TableClient employees;
    private final Traffic traffic;
    private final PrintStream out;

    /** {@code company} holds the design together, {@code departments} and {@code employees} the design apart. */
    public OneToMany(TableClient company, TableClient departments, TableClient employees, Traffic traffic,
            PrintStream out) {
        this.company = company;
        this.departments = departments;
        this.employees = employees;
        this.traffic = traffic;
        this.out = out;
    }

    /** An employee of a department. */
    public record Employee(String department, String id, String firstName, String lastName) {
        TableEntity entity() {
            return new TableEntity(department, "empid_" + id).addProperty("EntityType", "Employee")
                    .addProperty("FirstName", firstName).addProperty("LastName", lastName);
        }

        static Employee of(TableEntity entity) {
            return new Employee(entity.getPartitionKey(), entity.getRowKey().substring("empid_".length()),
                    (String) entity.getProperty("FirstName"), (String) entity.getProperty("LastName"));
        }
    }

    /** A department with the count it keeps and the employees stored beside it. */
    public record Department(String name, int employeeCount, List<Employee> employees) {
        public Department {
            employees = List.copyOf(employees);
        }
    }

    /** Opens a department in both designs, counting no one. */
    public void open(String department) {
        TableEntity entity = new TableEntity(department, DEPARTMENT).addProperty("EntityType", "Department")
                .addProperty("DepartmentName", department).addProperty("EmployeeCount", 0);
        company.createEntity(entity);
        departments.createEntity(entity);
    }

    /** Together: the employee inserted and the department's count raised in one transaction, or neither. */
    public void hireTogether(Employee employee) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            TableEntity department = company.getEntity(employee.department(), DEPARTMENT);
            department.addProperty("EmployeeCount", (Integer) department.getProperty("EmployeeCount") + 1);
            company.submitTransaction(List.of(
                    new TableTransactionAction(TableTransactionActionType.CREATE, employee.entity()),
                    // On the ETag read: a hire that raced this one fails the transaction rather than lose a count.
                    new TableTransactionAction(TableTransactionActionType.UPDATE_MERGE, department, true)));
            return null;
        });
        out.printf("hire %s together: a read, a transaction of 2, %s%n", employee.id(), hired.cost());
    }

    /** Apart: the employee inserted, then the department's count raised on the ETag read; two writes. */
    public void hireApart(Employee employee) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            employees.createEntity(employee.entity());
            TableEntity department = departments.getEntity(employee.department(), DEPARTMENT);
            department.addProperty("EmployeeCount", (Integer) department.getProperty("EmployeeCount") + 1);
            departments.updateEntityWithResponse(department, TableEntityUpdateMode.MERGE, true, null, null);
            return null;
        });
        out.printf("hire %s apart: an insert, a read, a conditional merge, %s%n", employee.id(), hired.cost());
    }

    /** Together: the department and its employees from one query of its partition, told apart by EntityType. */
    public Department departmentTogether(String name) {
        Traffic.Measured<Department> found = traffic.measure(() -> {
            int count = -1;
            List<Employee> staff = new ArrayList<>();
            for (TableEntity entity : company.listEntities(new ListEntitiesOptions().setFilter(inPartition(name)),
                    null, null)) {
                if ("Department".equals(entity.getProperty("EntityType"))) {
                    count = (Integer) entity.getProperty("EmployeeCount");
                } else {
                    staff.add(Employee.of(entity));
                }
            }
            return new Department(name, count, staff);
        });
        out.printf("department %s with its staff, together: %s%n", name, found.cost());
        return found.value();
    }

    /** Apart: the department by a point read, its employees by a query of their partition. */
    public Department departmentApart(String name) {
        Traffic.Measured<Department> found = traffic.measure(() -> {
            TableEntity department = departments.getEntity(name, DEPARTMENT);
            List<Employee> staff = employees.listEntities(new ListEntitiesOptions().setFilter(inPartition(name)),
                    null, null).stream().map(Employee::of).toList();
            return new Department(name, (Integer) department.getProperty("EmployeeCount"), staff);
        });
        out.printf("department %s with its staff, apart: %s%n", name, found.cost());
        return found.value();
    }

    static String inPartition(String partitionKey) {
        return "PartitionKey eq '" + partitionKey.replace("'", "''") + "'";
    }

    /** Runs the pattern against {@code args[0]}, {@code AZURE_STORAGE_CONNECTION_STRING}, or the emulator. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        var tables = Clients.tables(Clients.connectionString(args), traffic);
        TableClient company = tables.createTableIfNotExists("Company");
        TableClient departments = tables.createTableIfNotExists("Departments");
        TableClient employees = tables.createTableIfNotExists("Employees");
        try {
            OneToMany example = new OneToMany(company, departments, employees, traffic, System.out);
            example.open("Sales");
            for (Employee employee : List.of(new Employee("Sales", "000123", "Don", "Jones"),
                    new Employee("Sales", "000152", "Ann", "Hall"))) {
                example.hireTogether(employee);
                example.hireApart(employee);
            }
            example.departmentTogether("Sales");
            example.departmentApart("Sales");
            try {
                example.hireTogether(new Employee("Sales", "000123", "Lee", "Hart"));
            } catch (TableServiceException e) {
                System.out.println("hire an id already taken, together: refused, the count unchanged");
            }
            example.departmentTogether("Sales");
        } finally {
            for (TableClient table : List.of(company, departments, employees)) {
                table.deleteTable();
            }
        }
    }
}
