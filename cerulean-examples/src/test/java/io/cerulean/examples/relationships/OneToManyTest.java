package io.cerulean.examples.relationships;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.examples.relationships.OneToMany.Department;
import io.cerulean.examples.relationships.OneToMany.Employee;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the guide promises of a one-to-many relationship stored together or apart, through the example's own code. */
@CeruleanTest(shared = true)
class OneToManyTest {
    private static final List<Employee> SALES = List.of(new Employee("Sales", "000123", "Don", "Jones"),
            new Employee("Sales", "000152", "Ann", "Hall"), new Employee("Sales", "000175", "Lee", "Hart"));

    private final Traffic traffic = new Traffic();

    private OneToMany example(String connectionString, String tag) {
        TableServiceClient tables = Clients.tables(connectionString, traffic);
        return new OneToMany(tables.createTableIfNotExists("Company" + tag),
                tables.createTableIfNotExists("Departments" + tag), tables.createTableIfNotExists("Employees" + tag),
                traffic, new PrintStream(OutputStream.nullOutputStream()));
    }

    @Test
    void togetherADepartmentAndItsStaffAreOneQueryAndItsCountIsWrittenInTheHiresTransaction(
            @CeruleanConnectionString String cs) {
        OneToMany example = example(cs, "Together");
        example.open("Sales");
        example.open("Finance");
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            example.hireTogether(SALES.get(0));
            return null;
        });
        example.hireTogether(SALES.get(1));
        example.hireTogether(SALES.get(2));
        example.hireTogether(new Employee("Finance", "000200", "Kim", "Lane"));

        Traffic.Measured<Department> sales = traffic.measure(() -> example.departmentTogether("Sales"));

        assertThat(sales.value()).isEqualTo(new Department("Sales", 3, SALES));
        assertThat(sales.cost().requests()).isEqualTo(1);
        assertThat(sales.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(sales.cost().entitiesRead()).as("the department and its three employees, no other department's")
                .isEqualTo(4);
        assertThat(hired.cost().requests()).as("a read of the department, one transaction").isEqualTo(2);

        assertThatThrownBy(() -> example.hireTogether(new Employee("Sales", "000123", "Sam", "Reed")))
                .as("an id already taken fails the whole transaction")
                .isInstanceOf(TableTransactionFailedException.class);
        assertThat(example.departmentTogether("Sales")).as("neither the staff nor the count changed")
                .isEqualTo(new Department("Sales", 3, SALES));
    }

    @Test
    void apartADepartmentAndItsStaffAreTwoRequestsAndAHireTwoWrites(@CeruleanConnectionString String cs) {
        OneToMany example = example(cs, "Apart");
        example.open("Sales");
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            example.hireApart(SALES.get(0));
            return null;
        });
        example.hireApart(SALES.get(1));
        example.hireApart(SALES.get(2));

        Traffic.Measured<Department> sales = traffic.measure(() -> example.departmentApart("Sales"));

        assertThat(sales.value()).isEqualTo(new Department("Sales", 3, SALES));
        assertThat(sales.cost().requests()).as("a point read of the department, a query of its employees")
                .isEqualTo(2);
        assertThat(sales.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(sales.cost().entitiesRead()).isEqualTo(3);
        assertThat(hired.cost().requests()).as("an insert, a read, a conditional merge").isEqualTo(3);
    }
}
