package io.cerulean.examples.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import io.cerulean.examples.relationships.ClientJoin.StaffMember;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the guide promises of a join in the client, through the example's own code. */
@CeruleanTest(shared = true)
class ClientJoinTest {
    private static final List<StaffMember> REDMOND = List.of(new StaffMember("000123", "Don Jones", "Sales"),
            new StaffMember("000152", "Ann Hall", "Finance"), new StaffMember("000175", "Lee Hart", "Sales"),
            new StaffMember("000180", "Kim Lane", "Sales"));

    private final Traffic traffic = new Traffic();

    @Test
    void departmentsReadOnceJoinEveryListingWithoutARequestPerEmployee(@CeruleanConnectionString String cs) {
        TableServiceClient tables = Clients.tables(cs, traffic);
        ClientJoin example = new ClientJoin(tables.createTableIfNotExists("JoinDepartments"),
                tables.createTableIfNotExists("JoinEmployees"), traffic,
                new PrintStream(OutputStream.nullOutputStream()));
        example.addDepartment("S", "Sales");
        example.addDepartment("F", "Finance");
        example.addDepartment("L", "Legal");
        for (StaffMember member : REDMOND) {
            example.addEmployee("Redmond", member.id(), member.name(), member.department().substring(0, 1));
        }
        example.addEmployee("Oslo", "000300", "Per Dahl", "L");

        Traffic.Measured<List<StaffMember>> first = traffic.measure(() -> example.staff("Redmond"));
        Traffic.Measured<List<StaffMember>> again = traffic.measure(() -> example.staff("Redmond"));
        Traffic.Measured<List<StaffMember>> eachLookedUp = traffic.measure(() -> example.staffLookingUpEach("Redmond"));

        assertThat(first.value()).isEqualTo(REDMOND);
        assertThat(first.cost().requests()).as("the departments, then the office's employees").isEqualTo(2);
        assertThat(first.cost().entitiesRead()).isEqualTo(3 + 4);
        assertThat(again.value()).isEqualTo(REDMOND);
        assertThat(again.cost().requests()).as("the departments are kept").isEqualTo(1);
        assertThat(again.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(again.cost().entitiesRead()).isEqualTo(4);
        assertThat(eachLookedUp.value()).isEqualTo(REDMOND);
        assertThat(eachLookedUp.cost().requests()).as("the employees, then a read per employee").isEqualTo(1 + 4);

        example.addDepartment("F", "Finance and Accounts");
        assertThat(example.staff("Redmond")).as("what is kept is as old as its last read").contains(REDMOND.get(1));
        example.refresh();
        assertThat(example.staff("Redmond"))
                .contains(new StaffMember("000152", "Ann Hall", "Finance and Accounts"));
    }
}
