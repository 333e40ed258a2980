package io.cerulean.examples.indexentities;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobContainerClient;
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
import org.junit.jupiter.api.Test;

/** What the guide promises of an index kept in a blob, through the example's own code. */
@CeruleanTest(shared = true)
class BlobIndexTest {
    private final Traffic traffic = new Traffic();

    private BlobIndex example(String connectionString, String name) {
        TableClient table = Clients.tables(connectionString, traffic).createTableIfNotExists(name);
        BlobContainerClient container = Clients.blobs(connectionString, traffic)
                .createBlobContainerIfNotExists(name.toLowerCase());
        return new BlobIndex(table, container, traffic, new PrintStream(OutputStream.nullOutputStream()));
    }

    @Test
    void aNamesEmployeesInEveryDepartmentAreOneBlobReadThenAPointQueryEach(@CeruleanConnectionString String cs) {
        BlobIndex example = example(cs, "BlobIndexFind");
        Traffic.Measured<Void> first = traffic.measure(() -> {
            example.hire(new Employee("Sales", "000152", "Don", "Jones"));
            return null;
        });
        example.hire(new Employee("Sales", "000153", "Ann", "Smith"));
        example.hire(new Employee("HR", "000154", "Lee", "Jones"));

        Traffic.Measured<List<Employee>> found = traffic.measure(() -> example.find("Jones"));

        assertThat(found.value()).containsExactly(new Employee("Sales", "000152", "Don", "Jones"),
                new Employee("HR", "000154", "Lee", "Jones"));
        assertThat(found.cost().requests()).as("the blob, then two employees").isEqualTo(3);
        assertThat(found.cost().queryClasses()).containsExactly("POINT");
        assertThat(found.cost().entitiesRead()).isEqualTo(2);
        assertThat(first.cost().requests()).as("a read of no blob, its first write, the insert").isEqualTo(3);
    }

    @Test
    void concurrentHiresListEveryEmployeeExactlyOnce(@CeruleanConnectionString String cs) throws Exception {
        BlobIndex example = example(cs, "BlobIndexRace");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                for (int i = 0; i < 5; i++) {
                    example.hire(new Employee("Dept" + writer, String.format("%06d", i), "E" + i, "Jones"));
                }
            }));
        }
        for (Future<?> writer : writers) {
            writer.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertThat(example.entries("Jones")).hasSize(20).doesNotHaveDuplicates();
        assertThat(example.find("Jones")).hasSize(20);
    }

    @Test
    void aLineWithoutItsEmployeeIsSkippedSoTheLookupNeverAnswersAWrongEmployee(@CeruleanConnectionString String cs) {
        BlobIndex example = example(cs, "BlobIndexCrash");
        Employee jones = new Employee("Sales", "000152", "Don", "Jones");
        example.hire(jones);
        example.hire(new Employee("Sales", "000153", "Ann", "Smith"));

        // A writer that dies after listing its employee, and one whose insert fails: the id is Smith's.
        example.list(new Employee("Sales", "000160", "Lee", "Jones"));
        assertThatThrownBy(() -> example.hire(new Employee("Sales", "000153", "Kim", "Jones")))
                .isInstanceOf(TableServiceException.class);

        assertThat(example.entries("Jones")).containsExactly("Sales/000152", "Sales/000160", "Sales/000153");
        assertThat(example.find("Jones")).containsExactly(jones);

        // The dead writer's hire, tried again, is listed once and found.
        Employee lee = new Employee("Sales", "000160", "Lee", "Jones");
        example.hire(lee);
        assertThat(example.entries("Jones")).containsExactly("Sales/000152", "Sales/000160", "Sales/000153");
        assertThat(example.find("Jones")).containsExactly(jones, lee);
    }
}
