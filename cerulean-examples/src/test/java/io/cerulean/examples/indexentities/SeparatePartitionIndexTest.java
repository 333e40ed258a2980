package io.cerulean.examples.indexentities;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.storage.queue.QueueClient;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the guide promises of index entities in a partition of their own, through the example's own code. */
@CeruleanTest(shared = true)
class SeparatePartitionIndexTest {
    private static final Duration VISIBILITY = Duration.ofSeconds(30);

    private final Traffic traffic = new Traffic();

    private SeparatePartitionIndex example(String connectionString, String name) {
        TableClient table = Clients.tables(connectionString, traffic).createTableIfNotExists(name);
        QueueClient queue = Clients.queues(connectionString, traffic).createQueue(name.toLowerCase());
        return new SeparatePartitionIndex(table, queue, traffic, new PrintStream(OutputStream.nullOutputStream()));
    }

    @Test
    void theIndexLagsUntilTheWorkerRunsThenANamesEmployeesAreOnePointQueryThenOneEach(
            @CeruleanConnectionString String cs) {
        SeparatePartitionIndex example = example(cs, "SeparateIndexFind");
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            example.hire(new Employee("Sales", "000152", "Don", "Jones"));
            return null;
        });
        example.hire(new Employee("Sales", "000153", "Ann", "Smith"));
        example.hire(new Employee("HR", "000154", "Lee", "Jones"));

        Traffic.Measured<List<Employee>> before = traffic.measure(() -> example.find("Jones"));
        Traffic.Measured<Boolean> firstMessage = traffic.measure(() -> example.work(VISIBILITY));
        Traffic.Measured<Boolean> secondMessage = traffic.measure(() -> example.work(VISIBILITY));
        while (example.work(VISIBILITY)) {
            // until the queue is empty
        }
        Traffic.Measured<List<Employee>> after = traffic.measure(() -> example.find("Jones"));

        assertThat(hired.cost().requests()).as("an insert and a message").isEqualTo(2);
        assertThat(before.value()).as("before the worker").isEmpty();
        assertThat(before.cost().queryClasses()).containsExactly("POINT");
        assertThat(before.cost().entitiesRead()).isZero();
        assertThat(firstMessage.cost().requests()).as("receive, find no index, create it, delete the message")
                .isEqualTo(4);
        assertThat(secondMessage.cost().requests()).as("receive, read the index, replace it on its ETag, delete")
                .isEqualTo(4);
        assertThat(after.value()).containsExactly(new Employee("Sales", "000152", "Don", "Jones"),
                new Employee("HR", "000154", "Lee", "Jones"));
        assertThat(after.cost().requests()).as("the index, then two employees").isEqualTo(3);
        assertThat(after.cost().queryClasses()).containsExactly("POINT");
        assertThat(after.cost().entitiesRead()).isEqualTo(3);
    }

    @Test
    void aMessageAppliedTwiceListsItsEmployeeOnce(@CeruleanConnectionString String cs) {
        SeparatePartitionIndex example = example(cs, "SeparateIndexTwice");
        example.hire(new Employee("Sales", "000152", "Don", "Jones"));
        example.work(VISIBILITY);

        example.apply("Jones/Sales/000152");

        assertThat(example.pairs("Jones")).containsExactly("Sales/000152");
    }

    @Test
    void workersRacingOnOneIndexEntityLoseNoEmployee(@CeruleanConnectionString String cs) throws Exception {
        SeparatePartitionIndex example = example(cs, "SeparateIndexRace");
        for (int i = 0; i < 16; i++) {
            example.hire(new Employee("Dept" + i % 4, String.format("%06d", i), "E" + i, "Jones"));
        }

        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            workers.add(pool.submit(() -> {
                while (example.work(VISIBILITY)) {
                    // until the queue is empty
                }
            }));
        }
        for (Future<?> worker : workers) {
            worker.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertThat(example.pairs("Jones")).hasSize(16).doesNotHaveDuplicates();
        assertThat(example.find("Jones")).hasSize(16);
    }
}
