package io.cerulean.examples.prependappend;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import io.cerulean.app.Cerulean;
import io.cerulean.examples.prependappend.PrependAppend.AccessEvent;
import io.cerulean.examples.prependappend.PrependAppend.KeyDesign;
import io.cerulean.examples.support.AdvisedCerulean;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.DesignAdvisor;
import io.cerulean.examples.support.Traffic;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The prepend/append anti-pattern is found by the design advisor; the guide's fix, with the same events, is not. */
class PrependAppendTest {
    private static final Instant NOON = Instant.parse("2026-11-29T12:00:00Z");
    private static final List<AccessEvent> HOUR = PrependAppend.events(NOON, 2_000, 40);
    private static Cerulean cerulean;
    private static TableServiceClient service;
    private final Traffic traffic = new Traffic();

    @BeforeAll
    static void start() {
        cerulean = AdvisedCerulean.start();
        service = Clients.tables(cerulean.connectionString(), new Traffic());
    }

    @AfterAll
    static void stop() {
        cerulean.close();
    }

    private List<String> recorded(KeyDesign design, List<AccessEvent> events) {
        TableClient table = service.createTableIfNotExists("Access" + design.name().replace("_", ""));
        new PrependAppend(table, design, traffic, new PrintStream(OutputStream.nullOutputStream())).record(events);
        return DesignAdvisor.findings(service, table.getTableName()).stream()
                .map(finding -> finding.kind() + " " + finding.partitionKey() + " " + finding.pattern()).toList();
    }

    @Test
    void anHourPerPartitionIsAHotPartitionAppendedAtItsEnd() {
        assertThat(recorded(KeyDesign.BY_HOUR, HOUR)).containsExactlyInAnyOrder(
                "hot-partition 2026112912 Compound key pattern", "append-hotspot 2026112912 Compound key pattern");
    }

    @Test
    void newestFirstInAnHourPerPartitionIsPrependedAtItsStart() {
        assertThat(recorded(KeyDesign.BY_HOUR_NEWEST_FIRST, HOUR)).containsExactlyInAnyOrder(
                "hot-partition 2026112912 Compound key pattern", "prepend-hotspot 2026112912 Compound key pattern");
    }

    @Test
    void aPartitionPerMomentAppendsAtTheEndOfTheTable() {
        List<AccessEvent> events = HOUR.subList(0, 400);
        AccessEvent last = events.get(events.size() - 1);
        assertThat(recorded(KeyDesign.BY_MOMENT, events)).containsExactly("append-hotspot "
                + KeyDesign.BY_MOMENT.partitionKey(last) + " Compound key pattern");
    }

    @Test
    void partitionsByDepartmentAndEmployeeHoldAndStillAnswerAnEmployeesPeriodWithOneRange() {
        assertThat(recorded(KeyDesign.BY_EMPLOYEE, HOUR)).isEmpty();
        TableClient table = Clients.tables(cerulean.connectionString(), traffic).getTableClient("AccessBYEMPLOYEE");
        PrependAppend example = new PrependAppend(table, KeyDesign.BY_EMPLOYEE, traffic,
                new PrintStream(OutputStream.nullOutputStream()));
        Traffic.Measured<List<AccessEvent>> period = traffic.measure(() ->
                example.employeeBetween("dept3", "emp0007", NOON, NOON.plusSeconds(60)));
        long expected = HOUR.stream().filter(e -> e.employeeId().equals("emp0007")
                && e.at().isBefore(NOON.plusSeconds(60))).count();
        assertThat(period.value()).hasSize((int) expected).isNotEmpty();
        assertThat(period.cost().queryClasses()).containsExactly("RANGE");
        assertThat(period.cost().entitiesRead()).isEqualTo(expected);
    }
}
