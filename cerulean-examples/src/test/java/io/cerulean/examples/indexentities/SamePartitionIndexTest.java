package io.cerulean.examples.indexentities;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What the guide promises of index entities in the employees' partition, through the example's own code. */
@CeruleanTest(shared = true)
class SamePartitionIndexTest {
    private final Traffic traffic = new Traffic();

    private SamePartitionIndex example(String connectionString, String table) {
        TableClient client = Clients.tables(connectionString, traffic).createTableIfNotExists(table);
        return new SamePartitionIndex(client, traffic, new PrintStream(OutputStream.nullOutputStream()));
    }

    @Test
    void aNamesEmployeesAreOnePointQueryOfTheIndexThenOnePerEmployee(@CeruleanConnectionString String cs) {
        SamePartitionIndex example = example(cs, "SamePartitionFind");
        Traffic.Measured<Integer> first = traffic.measure(() -> example.hire(
                new Employee("Sales", "000152", "Don", "Jones")));
        Traffic.Measured<Integer> second = traffic.measure(() -> example.hire(
                new Employee("Sales", "000153", "Ann", "Smith")));
        example.hire(new Employee("Sales", "000154", "Lee", "Jones"));
        example.hire(new Employee("Sales", "000155", "Kim", "Jones"));
        example.hire(new Employee("HR", "000156", "Sam", "Jones"));

        Traffic.Measured<List<Employee>> found = traffic.measure(() -> example.find("Sales", "Jones"));

        assertThat(found.value()).extracting(Employee::id).containsExactly("000152", "000154", "000155");
        assertThat(found.value()).allSatisfy(e -> assertThat(e.lastName()).isEqualTo("Jones"));
        assertThat(found.cost().requests()).as("the index, then three employees").isEqualTo(4);
        assertThat(found.cost().queryClasses()).containsExactly("POINT");
        assertThat(found.cost().entitiesRead()).isEqualTo(4);
        assertThat(first.cost().requests()).as("a read that finds no index, one transaction").isEqualTo(2);
        assertThat(second.cost().requests()).isEqualTo(2);
        assertThat(example.find("HR", "Jones")).as("the index is per department").extracting(Employee::id)
                .containsExactly("000156");
    }

    @Test
    void concurrentHiresListEveryEmployeeExactlyOnce(@CeruleanConnectionString String cs) throws Exception {
        SamePartitionIndex example = example(cs, "SamePartitionRace");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Integer>> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            int writer = w;
            writers.add(pool.submit(() -> IntStream.range(0, 5).map(i -> example.hire(
                    new Employee("Sales", String.format("%02d%04d", writer, i), "E" + i, "Jones"))).sum()));
        }
        for (Future<Integer> writer : writers) {
            writer.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        List<String> ids = example.ids("Sales", "Jones");
        assertThat(ids).hasSize(20).doesNotHaveDuplicates();
        assertThat(example.find("Sales", "Jones")).extracting(Employee::id)
                .containsExactlyInAnyOrderElementsOf(ids);
    }

    @Test
    void aListPastAStringPropertysLimitIsRefusedAndTheHireChangesNothing(@CeruleanConnectionString String cs) {
        SamePartitionIndex example = example(cs, "SamePartitionLimit");
        TableClient table = Clients.tables(cs, traffic).getTableClient("SamePartitionLimit");
        // 4,681 ids of six digits and their commas: 32,766 characters, two short of a string's 32K.
        String full = IntStream.range(0, 4681).mapToObj(i -> String.format("%06d", i)).collect(Collectors.joining(","));
        table.createEntity(new TableEntity("Sales", SamePartitionIndex.indexKey("Many"))
                .addProperty("EmployeeIDs", full));

        TableTransactionFailedException refused = catchThrowableOfType(TableTransactionFailedException.class,
                () -> example.hire(new Employee("Sales", "999999", "Pat", "Many")));

        assertThat(refused).isNotNull();
        assertThat(refused.getValue().getErrorCode()).hasToString("PropertyValueTooLarge");
        assertThat(example.ids("Sales", "Many")).hasSize(4681);
        assertThat(Employee.find(table, "Sales", "999999")).as("the employee was not hired either").isEmpty();
    }
}
