package io.cerulean.examples.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.cerulean.examples.relationships.Inheritance.Customer;
import io.cerulean.examples.relationships.Inheritance.Employee;
import io.cerulean.examples.relationships.Inheritance.Person;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the guide promises of an inheritance relationship in one table, through the example's own code. */
@CeruleanTest(shared = true)
class InheritanceTest {
    private static final Employee JONES = new Employee("000123", "Don", "Jones", "Sales");
    private static final Employee HALL = new Employee("000152", "Ann", "Hall", "Finance");
    private static final Employee REED = new Employee("000175", "Sam", "Reed", "Sales");
    private static final Customer HART = new Customer("000123", "Lee", "Hart", 420);
    private static final Customer LANE = new Customer("000200", "Kim", "Lane", 15);

    private final Traffic traffic = new Traffic();

    @Test
    void entitiesOfTwoKindsShareATableAreReadBackAsTheirClassesAndOneKindIsARange(
            @CeruleanConnectionString String cs) {
        TableClient table = Clients.tables(cs, traffic).createTableIfNotExists("InheritancePeople");
        Inheritance example = new Inheritance(table, traffic, new PrintStream(OutputStream.nullOutputStream()));
        for (Person person : List.of(JONES, HART, HALL, LANE, REED)) {
            example.add("Contoso", person);
        }

        Traffic.Measured<List<Person>> everyone = traffic.measure(() -> example.everyone("Contoso"));
        Traffic.Measured<List<Employee>> byType = traffic.measure(() -> example.employeesByType("Contoso"));
        Traffic.Measured<List<Employee>> byRange = traffic.measure(() -> example.employees("Contoso"));

        assertThat(everyone.value()).as("customers first, as their RowKeys sort, an employee and a customer "
                + "sharing an id").containsExactly(HART, LANE, JONES, HALL, REED);
        assertThat(everyone.cost().requests()).isEqualTo(1);
        assertThat(everyone.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(everyone.cost().entitiesRead()).isEqualTo(5);
        assertThat(byType.value()).containsExactly(JONES, HALL, REED);
        assertThat(byType.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(byType.cost().entitiesRead()).as("every person read to find the employees").isEqualTo(5);
        assertThat(byRange.value()).containsExactly(JONES, HALL, REED);
        assertThat(byRange.cost().queryClasses()).containsExactly("RANGE");
        assertThat(byRange.cost().entitiesRead()).as("the employees only").isEqualTo(3);
        Traffic.Measured<Customer> customer = traffic.measure(() -> example.find("Contoso", Customer.class, "000123"));
        assertThat(customer.value()).isEqualTo(HART);
        assertThat(customer.cost().requests()).isEqualTo(1);
        assertThat(example.find("Contoso", Employee.class, "000123")).isEqualTo(JONES);
    }
}
