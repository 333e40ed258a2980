package io.cerulean.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableEntity;
import io.cerulean.examples.compoundkey.CompoundKey;
import io.cerulean.examples.dataseries.DataSeries;
import io.cerulean.examples.denormalisation.Denormalisation;
import io.cerulean.examples.highvolumedelete.HighVolumeDelete;
import io.cerulean.examples.intrapartitionindex.IntraPartitionSecondaryIndex;
import io.cerulean.examples.intrapartitionindex.IntraPartitionSecondaryIndex.Employee;
import io.cerulean.examples.largeentities.LargeEntities;
import io.cerulean.examples.logtail.LogTail;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.DesignAdvisor;
import io.cerulean.examples.wideentities.WideEntities;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The guide's patterns hold: each example's traffic, as its {@code main} and test send it, gives the
 * design advisor nothing to find with the thresholds the anti-pattern examples cross
 * ({@link io.cerulean.examples.support.AdvisedCerulean#LOW}). The index and relationship patterns
 * are {@link GoodIndexExamplesHoldTest} and {@link GoodRelationshipExamplesHoldTest}.
 */
class GoodExamplesHoldTest extends GoodExamples {
    @Test
    void intraPartitionSecondaryIndex() {
        IntraPartitionSecondaryIndex example = new IntraPartitionSecondaryIndex(table("GoodIndex"), traffic, QUIET);
        example.hire(new Employee("Sales", "000123", "jones@contoso.com", "Don", "Jones"));
        example.hire(new Employee("Sales", "000152", "hall@contoso.com", "Ann", "Hall"));
        example.byId("Sales", "000123");
        example.byEmail("Sales", "jones@contoso.com");
        example.byEmailPrefix("Sales", "h");
        example.byEmailWithoutIndex("Sales", "jones@contoso.com");
        example.changeEmail("Sales", "000123", "don.jones@contoso.com");
        example.byEmail("Sales", "don.jones@contoso.com");
        assertThat(DesignAdvisor.findings(service, "GoodIndex")).isEmpty();
    }

    @Test
    void logTail() {
        LogTail example = new LogTail(table("GoodLogTail"), traffic, QUIET);
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        List<LogTail.Entry> day = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            day.add(new LogTail.Entry(start.plusSeconds(37L * i), "entry " + i));
        }
        example.append("web-01", day);
        example.append("web-02", day.subList(0, 5));
        example.tail("web-01", 10);
        assertThat(DesignAdvisor.findings(service, "GoodLogTail")).isEmpty();
    }

    @Test
    void wideEntities() {
        WideEntities example = new WideEntities(table("GoodWide"), traffic, QUIET);
        Map<String, Integer> votes = new TreeMap<>();
        for (int candidate = 0; candidate < 600; candidate++) {
            votes.put(String.format("Candidate%03d", candidate), candidate % 17);
        }
        example.write("North", "precinct42", votes);
        example.read("North", "precinct42");
        assertThat(DesignAdvisor.findings(service, "GoodWide")).isEmpty();
    }

    @Test
    void dataSeries() {
        DataSeries example = new DataSeries(table("GoodSeries"), traffic, QUIET);
        LocalDate day = LocalDate.parse("2026-01-01");
        for (int view = 0; view < 30; view++) {
            example.count("home", day, view % 5 + 9);
        }
        example.day("home", day);
        assertThat(DesignAdvisor.findings(service, "GoodSeries")).isEmpty();
    }

    @Test
    void denormalisation() {
        Denormalisation example = new Denormalisation(table("GoodStaff"), traffic, QUIET);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            names.add("Employee " + i);
        }
        example.staff("Sales", "Ann Hall", names);
        example.employee("Sales", "000042");
        example.employeeNormalised("Sales", "000042");
        example.changeManager("Sales", "Don Jones");
        example.employee("Sales", "000042");
        assertThat(DesignAdvisor.findings(service, "GoodStaff")).isEmpty();
    }

    @Test
    void highVolumeDelete() {
        HighVolumeDelete example = new HighVolumeDelete(Clients.tables(cerulean.connectionString(), traffic),
                "GoodLogins", traffic, QUIET);
        LocalDate first = LocalDate.parse("2026-01-01");
        for (int day = 0; day < 3; day++) {
            example.record(first.plusDays(day), 20, 50);
        }
        assertThat(DesignAdvisor.findings(service)).filteredOn(f -> f.table().startsWith("GoodLogins")).isEmpty();
        example.deleteDay(first);
        assertThat(DesignAdvisor.findings(service)).filteredOn(f -> f.table().startsWith("GoodLogins")).isEmpty();
    }

    @Test
    void compoundKey() {
        CompoundKey example = new CompoundKey(table("GoodCompoundKey"), traffic, QUIET);
        for (int id : new int[] {122, 123, 124, 1230, 1231}) {
            example.hire("Sales", id, "Employee " + id);
            for (int year = 2010; year <= 2012; year++) {
                example.review("Sales", id, year, id % 5, year % 5, id + " in " + year);
            }
        }
        example.hire("Marketing", 123, "Another 123");
        example.review("Marketing", 123, 2012, 1, 1, "another department");
        example.reviewFor("Sales", 123, 2012);
        example.reviewsOf("Sales", 123);
        assertThat(DesignAdvisor.findings(service, "GoodCompoundKey")).isEmpty();
    }

    @Test
    void largeEntities() {
        LargeEntities example = new LargeEntities(table("GoodLarge"), container("goodlarge"), traffic, QUIET);
        example.hire("Sales", "000123", "Don Jones", photo(1));
        example.hire("Sales", "000124", "Ann Hall", photo(2));
        example.photo("Sales", "000123");
        example.changePhoto(example.employee("Sales", "000123").orElseThrow(), photo(3));
        example.photo("Sales", "000123");
        example.uploadPhoto("Sales", "000125", photo(4)); // a writer that dies before its entity
        example.sweepOrphans(OffsetDateTime.now().plusMinutes(1));
        TableEntity leaving = example.employee("Sales", "000124").orElseThrow();
        example.remove(leaving);
        assertThat(DesignAdvisor.findings(service, "GoodLarge")).isEmpty();
    }

    /** A photo too large for an entity: 2 MiB, the same for the same seed. */
    private static byte[] photo(int seed) {
        byte[] bytes = new byte[2 * 1024 * 1024];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
