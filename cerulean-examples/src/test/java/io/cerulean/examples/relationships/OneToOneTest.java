package io.cerulean.examples.relationships;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.examples.relationships.OneToOne.Desk;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What the guide promises of one-to-one relationships, through the example's own code. */
@CeruleanTest(shared = true)
class OneToOneTest {
    private final Traffic traffic = new Traffic();

    @Test
    void relatedEntitiesAreFoundByTheirKeysAndATableOfTheirOwnIsClosedToASignatureForTheOther(
            @CeruleanConnectionString String cs) {
        TableServiceClient tables = Clients.tables(cs, traffic);
        TableClient employees = tables.createTableIfNotExists("OneToOneEmployees");
        TableClient payroll = tables.createTableIfNotExists("OneToOnePayroll");
        OneToOne example = new OneToOne(employees, payroll, tables.createTableIfNotExists("OneToOneDesks"), traffic,
                new PrintStream(OutputStream.nullOutputStream()));
        example.hire("Sales", "000123", "Don Jones", 52000);
        example.hire("Sales", "000152", "Ann Hall", 61000);
        Desk desk = new Desk("Floor3", "D17");
        Traffic.Measured<Void> assigned = traffic.measure(() -> {
            example.assign("Sales", "000152", desk);
            return null;
        });

        Traffic.Measured<Integer> salary = traffic.measure(() -> example.salary("Sales", "000152"));
        Traffic.Measured<Desk> deskOf = traffic.measure(() -> example.deskOf("Sales", "000152"));
        Traffic.Measured<String> occupant = traffic.measure(() -> example.occupant(desk));

        assertThat(salary.value()).isEqualTo(61000);
        assertThat(salary.cost().requests()).as("implicit: the employee's keys are the pay record's").isEqualTo(1);
        assertThat(deskOf.value()).isEqualTo(desk);
        assertThat(deskOf.cost().requests()).as("explicit: the employee, then the desk it names").isEqualTo(2);
        assertThat(occupant.value()).isEqualTo("Ann Hall");
        assertThat(occupant.cost().requests()).isEqualTo(2);
        assertThat(assigned.cost().requests()).as("two tables: a write to each").isEqualTo(2);

        String sas = example.directoryAccess(Duration.ofHours(1));
        TableClient directory = new TableClientBuilder().endpoint(tables.getServiceEndpoint())
                .tableName(employees.getTableName()).sasToken(sas).buildClient();
        TableClient payrollThroughDirectory = new TableClientBuilder().endpoint(tables.getServiceEndpoint())
                .tableName(payroll.getTableName()).sasToken(sas).buildClient();
        assertThat(directory.getEntity("Sales", "000123").getProperty("Name")).isEqualTo("Don Jones");
        assertThatThrownBy(() -> payrollThroughDirectory.getEntity("Sales", "000123"))
                .isInstanceOfSatisfying(TableServiceException.class, e -> {
                    assertThat(e.getResponse().getStatusCode()).isEqualTo(403);
                    assertThat(e.getValue().getErrorCode().toString()).isEqualTo("AuthorizationFailure");
                });
        assertThatThrownBy(() -> directory.upsertEntity(new TableEntity("Sales", "000999")))
                .as("read only").isInstanceOfSatisfying(TableServiceException.class,
                        e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(403));
    }
}
