package io.cerulean.examples.intrapartitionindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.examples.intrapartitionindex.IntraPartitionSecondaryIndex.Employee;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the guide promises of the intra-partition secondary index, through the example's own code. */
@CeruleanTest(shared = true)
class IntraPartitionSecondaryIndexTest {
    private static final Employee JONES = new Employee("Sales", "000123", "jones@contoso.com", "Don", "Jones");
    private static final Employee HALL = new Employee("Sales", "000152", "hall@contoso.com", "Ann", "Hall");
    private static final Employee HART = new Employee("Sales", "000175", "hart@contoso.com", "Lee", "Hart");

    private final Traffic traffic = new Traffic();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private IntraPartitionSecondaryIndex example(String connectionString, String table) {
        TableClient client = Clients.tables(connectionString, traffic).createTableIfNotExists(table);
        return new IntraPartitionSecondaryIndex(client, traffic,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
    }

    @Test
    void anEmployeeIsFoundByIdAndByEmailWithAPointQueryThatReadsOneEntity(@CeruleanConnectionString String cs) {
        IntraPartitionSecondaryIndex example = example(cs, "IndexPoint");
        example.hire(JONES);
        example.hire(HALL);

        Traffic.Measured<Optional<Employee>> byEmail = traffic.measure(
                () -> example.byEmail("Sales", "jones@contoso.com"));
        Traffic.Measured<Optional<Employee>> byId = traffic.measure(() -> example.byId("Sales", "000123"));

        assertThat(byEmail.value()).contains(JONES);
        assertThat(byId.value()).contains(JONES);
        assertThat(byEmail.cost().queryClasses()).containsExactly("POINT");
        assertThat(byEmail.cost().entitiesRead()).isEqualTo(1);
        assertThat(byId.cost().queryClasses()).containsExactly("POINT");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("find <jones@contoso.com> by email: 1 found, "
                + "1 request, POINT, entities read 1, returned 1");
    }

    @Test
    void emailsByPrefixAreARangeQueryThatReadsOnlyItsMatchesWhereWithoutTheIndexTheLookupScans(
            @CeruleanConnectionString String cs) {
        IntraPartitionSecondaryIndex example = example(cs, "IndexRange");
        example.hire(JONES);
        example.hire(HALL);
        example.hire(HART);

        Traffic.Measured<List<Employee>> range = traffic.measure(() -> example.byEmailPrefix("Sales", "ha"));
        Traffic.Measured<Optional<Employee>> scanned = traffic.measure(() -> example.byEmailWithoutIndex("Sales",
                "jones@contoso.com"));

        assertThat(range.value()).containsExactly(HALL, HART);
        assertThat(range.cost().queryClasses()).containsExactly("RANGE");
        assertThat(range.cost().entitiesRead()).isEqualTo(2);
        assertThat(scanned.value()).contains(JONES);
        assertThat(scanned.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(scanned.cost().entitiesRead()).as("every entity of the partition, both of each employee")
                .isEqualTo(6);
    }

    @Test
    void changingAnEmailKeepsBothEntitiesInStepOrChangesNothing(@CeruleanConnectionString String cs) {
        IntraPartitionSecondaryIndex example = example(cs, "IndexChange");
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            example.hire(JONES);
            return null;
        });
        example.hire(HALL);

        Traffic.Measured<Void> changed = traffic.measure(() -> {
            example.changeEmail("Sales", "000123", "don.jones@contoso.com");
            return null;
        });

        Employee moved = new Employee("Sales", "000123", "don.jones@contoso.com", "Don", "Jones");
        assertThat(example.byEmail("Sales", "don.jones@contoso.com")).contains(moved);
        assertThat(example.byId("Sales", "000123")).contains(moved);
        assertThat(example.byEmail("Sales", "jones@contoso.com")).isEmpty();
        assertThat(hired.cost().requests()).as("both entities in one transaction").isEqualTo(1);
        assertThat(changed.cost().requests()).as("a read, then one transaction").isEqualTo(2);

        assertThatThrownBy(() -> example.changeEmail("Sales", "000123", "hall@contoso.com"))
                .as("an address already taken fails the whole transaction")
                .isInstanceOf(TableTransactionFailedException.class);
        assertThat(example.byId("Sales", "000123")).contains(moved);
        assertThat(example.byEmail("Sales", "don.jones@contoso.com")).contains(moved);
        assertThat(example.byEmail("Sales", "hall@contoso.com")).contains(HALL);
    }
}
