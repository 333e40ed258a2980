package io.cerulean.examples.highvolumedelete;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** What the guide promises of high-volume delete, through the example's own code. */
@CeruleanTest(shared = true)
class HighVolumeDeleteTest {
    @Test
    void aDayOfRecordsIsDeletedByOneRequestAndTheOtherDaysStay(@CeruleanConnectionString String cs) {
        Traffic traffic = new Traffic();
        TableServiceClient tables = Clients.tables(cs, traffic);
        HighVolumeDelete example = new HighVolumeDelete(tables, "Visits", traffic,
                new PrintStream(OutputStream.nullOutputStream()));
        LocalDate first = LocalDate.parse("2026-03-01");
        Traffic.Measured<Void> recorded = traffic.measure(() -> {
            example.record(first, 30, 100);
            return null;
        });
        example.record(first.plusDays(1), 3, 10);

        Traffic.Measured<Void> deleted = traffic.measure(() -> {
            example.deleteDay(first);
            return null;
        });

        assertThat(recorded.cost().requests()).as("a Create Table and a transaction per user").isEqualTo(31);
        assertThat(deleted.cost().requests()).as("3,000 records, one Delete Table").isEqualTo(1);
        assertThat(example.days()).containsExactly("Visits20260302");
        assertThat(tables.getTableClient("Visits20260302").listEntities().stream().count()).isEqualTo(30);
    }
}
