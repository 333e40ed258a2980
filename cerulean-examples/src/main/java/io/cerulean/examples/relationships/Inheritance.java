package io.cerulean.examples.relationships;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.List;

/**
 * An inheritance relationship in one table: the application's abstract {@link Person} has two
 * concrete kinds, {@link Employee} and {@link Customer}, stored side by side in the People table.
 * Each entity says what it is in an {@code EntityType} property, from which the reader builds the
 * right class, and its RowKey starts with its type ({@code employee_<id>}, {@code customer_<id>}),
 * as the guide suggests when two kinds may share an id: it also keeps each kind together, so one
 * kind is a range query where a filter on {@code EntityType} scans every person of the partition.
 */
public final class Inheritance {
    private final TableClient people;
    private final Traffic traffic;
    private final PrintStream out;

    public Inheritance(TableClient people, Traffic traffic, PrintStream out) {
        this.people = people;
        this.traffic = traffic;
        this.out = out;
    }

    /** The abstract class of the application's model. */
    public sealed interface Person permits Employee, Customer {
        String id();

        String firstName();

        String lastName();
    }

    /** A person the company employs. */
    public record Employee(String id, String firstName, String lastName, String department) implements Person {
    }

    /** A person the company sells to. */
    public record Customer(String id, String firstName, String lastName, int loyaltyPoints) implements Person {
    }

    /** Stores {@code person} in {@code company}'s partition: one insert. */
    public void add(String company, Person person) {
        TableEntity entity = new TableEntity(company, rowKeyPrefix(person.getClass()) + person.id())
                .addProperty("FirstName", person.firstName()).addProperty("LastName", person.lastName());
        if (person instanceof Employee employee) {
            entity.addProperty("EntityType", "Employee").addProperty("Department", employee.department());
        } else if (person instanceof Customer customer) {
            entity.addProperty("EntityType", "Customer").addProperty("LoyaltyPoints", customer.loyaltyPoints());
        }
        Traffic.Measured<Void> added = traffic.measure(() -> {
            people.createEntity(entity);
            return null;
        });
        out.printf("add %s %s: %s%n", entity.getProperty("EntityType"), person.id(), added.cost());
    }

    /** Everyone of {@code company}, each as its own class: one query of the partition. */
    public List<Person> everyone(String company) {
        return query("everyone of " + company, "PartitionKey eq '" + quoted(company) + "'", Person.class);
    }

    /** The employees, chosen by EntityType: every person of the partition is read to find them. */
    public List<Employee> employeesByType(String company) {
        return query("employees of " + company + " by EntityType", "PartitionKey eq '" + quoted(company)
                + "' and EntityType eq 'Employee'", Employee.class);
    }

    /** The employees, chosen by their RowKey prefix: a range that reads only them. */
    public List<Employee> employees(String company) {
        return query("employees of " + company + " by RowKey", "PartitionKey eq '" + quoted(company)
                + "' and RowKey ge 'employee_' and RowKey lt 'employee`'", Employee.class);
    }

    /** One person, typed, by their kind and id: a point read. */
    public <T extends Person> T find(String company, Class<T> kind, String id) {
        Traffic.Measured<T> found = traffic.measure(() -> kind.cast(typed(people.getEntity(company,
                rowKeyPrefix(kind) + id))));
        out.printf("find %s %s: %s%n", kind.getSimpleName(), id, found.cost());
        return found.value();
    }

    /** The reader's half of the bargain: EntityType names the class to build. */
    static Person typed(TableEntity entity) {
        String id = entity.getRowKey().substring(entity.getRowKey().indexOf('_') + 1);
        String first = (String) entity.getProperty("FirstName");
        String last = (String) entity.getProperty("LastName");
        Object type = entity.getProperty("EntityType");
        if ("Employee".equals(type)) {
            return new Employee(id, first, last, (String) entity.getProperty("Department"));
        }
        if ("Customer".equals(type)) {
            return new Customer(id, first, last, (Integer) entity.getProperty("LoyaltyPoints"));
        }
        throw new IllegalStateException("An entity of an unknown type: " + type);
    }

    private static String rowKeyPrefix(Class<? extends Person> kind) {
        return kind == Employee.class ? "employee_" : "customer_";
    }

    private <T extends Person> List<T> query(String what, String filter, Class<T> kind) {
        Traffic.Measured<List<T>> found = traffic.measure(() -> people.listEntities(
                new ListEntitiesOptions().setFilter(filter), null, null).stream().map(Inheritance::typed)
                .map(kind::cast).toList());
        out.printf("%s: %d found, %s%n", what, found.value().size(), found.cost());
        return found.value();
    }

    private static String quoted(String value) {
        return value.replace("'", "''");
    }

    /** Runs the pattern against {@code args[0]}, {@code AZURE_STORAGE_CONNECTION_STRING}, or the emulator. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists("People");
        try {
            Inheritance example = new Inheritance(table, traffic, System.out);
            example.add("Contoso", new Employee("000123", "Don", "Jones", "Sales"));
            example.add("Contoso", new Employee("000152", "Ann", "Hall", "Finance"));
            example.add("Contoso", new Customer("000123", "Lee", "Hart", 420));
            example.add("Contoso", new Customer("000200", "Kim", "Lane", 15));
            example.everyone("Contoso");
            example.employeesByType("Contoso");
            example.employees("Contoso");
            example.find("Contoso", Customer.class, "000123");
        } finally {
            table.deleteTable();
        }
    }
}
