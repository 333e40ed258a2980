package io.cerulean.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.examples.relationships.ClientJoin;
import io.cerulean.examples.relationships.Inheritance;
import io.cerulean.examples.relationships.OneToMany;
import io.cerulean.examples.relationships.OneToOne;
import io.cerulean.examples.relationships.OneToOne.Desk;
import io.cerulean.examples.support.DesignAdvisor;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The guide's relationship patterns hold: each example's traffic, as its test sends it, gives the
 * design advisor nothing to find in any table it uses, with the thresholds the anti-pattern examples
 * cross.
 */
class GoodRelationshipExamplesHoldTest extends GoodExamples {
    @Test
    void oneToMany() {
        TableServiceClient tables = tables();
        OneToMany example = new OneToMany(tables.createTableIfNotExists("GoodCompany"),
                tables.createTableIfNotExists("GoodDepartments"), tables.createTableIfNotExists("GoodEmployees"),
                traffic, QUIET);
        example.open("Sales");
        example.open("Finance");
        for (OneToMany.Employee employee : List.of(new OneToMany.Employee("Sales", "000123", "Don", "Jones"),
                new OneToMany.Employee("Sales", "000152", "Ann", "Hall"),
                new OneToMany.Employee("Sales", "000175", "Lee", "Hart"),
                new OneToMany.Employee("Finance", "000200", "Kim", "Lane"))) {
            example.hireTogether(employee);
            example.hireApart(employee);
        }
        example.departmentTogether("Sales");
        example.departmentApart("Sales");
        assertThatThrownBy(() -> example.hireTogether(new OneToMany.Employee("Sales", "000123", "Sam", "Reed")))
                .isInstanceOf(TableTransactionFailedException.class);
        example.departmentTogether("Sales");
        for (String table : List.of("GoodCompany", "GoodDepartments", "GoodEmployees")) {
            assertThat(DesignAdvisor.findings(service, table)).as(table).isEmpty();
        }
    }

    @Test
    void oneToOne() {
        TableServiceClient tables = tables();
        OneToOne example = new OneToOne(tables.createTableIfNotExists("GoodOneToOneEmployees"),
                tables.createTableIfNotExists("GoodOneToOnePayroll"),
                tables.createTableIfNotExists("GoodOneToOneDesks"), traffic, QUIET);
        example.hire("Sales", "000123", "Don Jones", 52000);
        example.hire("Sales", "000152", "Ann Hall", 61000);
        Desk desk = new Desk("Floor3", "D17");
        example.assign("Sales", "000152", desk);
        example.salary("Sales", "000152");
        example.deskOf("Sales", "000152");
        example.occupant(desk);
        example.directoryAccess(Duration.ofHours(1));
        for (String table : List.of("GoodOneToOneEmployees", "GoodOneToOnePayroll", "GoodOneToOneDesks")) {
            assertThat(DesignAdvisor.findings(service, table)).as(table).isEmpty();
        }
    }

    @Test
    void inheritance() {
        Inheritance example = new Inheritance(table("GoodPeople"), traffic, QUIET);
        for (Inheritance.Person person : List.of(new Inheritance.Employee("000123", "Don", "Jones", "Sales"),
                new Inheritance.Customer("000123", "Lee", "Hart", 420),
                new Inheritance.Employee("000152", "Ann", "Hall", "Finance"),
                new Inheritance.Customer("000200", "Kim", "Lane", 15),
                new Inheritance.Employee("000175", "Sam", "Reed", "Sales"))) {
            example.add("Contoso", person);
        }
        example.everyone("Contoso");
        example.employeesByType("Contoso");
        example.employees("Contoso");
        example.find("Contoso", Inheritance.Customer.class, "000123");
        example.find("Contoso", Inheritance.Employee.class, "000123");
        assertThat(DesignAdvisor.findings(service, "GoodPeople")).isEmpty();
    }

    @Test
    void clientJoin() {
        TableServiceClient tables = tables();
        ClientJoin example = new ClientJoin(tables.createTableIfNotExists("GoodJoinDepartments"),
                tables.createTableIfNotExists("GoodJoinEmployees"), traffic, QUIET);
        example.addDepartment("S", "Sales");
        example.addDepartment("F", "Finance");
        example.addDepartment("L", "Legal");
        example.addEmployee("Redmond", "000123", "Don Jones", "S");
        example.addEmployee("Redmond", "000152", "Ann Hall", "F");
        example.addEmployee("Redmond", "000175", "Lee Hart", "S");
        example.addEmployee("Redmond", "000180", "Kim Lane", "S");
        example.addEmployee("Oslo", "000300", "Per Dahl", "L");
        example.staff("Redmond");
        example.staff("Redmond");
        example.staffLookingUpEach("Redmond");
        example.addDepartment("F", "Finance and Accounts");
        example.refresh();
        example.staff("Redmond");
        for (String table : List.of("GoodJoinDepartments", "GoodJoinEmployees")) {
            assertThat(DesignAdvisor.findings(service, table)).as(table).isEmpty();
        }
    }
}
