package io.cerulean.examples.logdata;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import io.cerulean.app.Cerulean;
import io.cerulean.examples.logdata.LogData.Design;
import io.cerulean.examples.logdata.LogData.Message;
import io.cerulean.examples.support.AdvisedCerulean;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.DesignAdvisor;
import io.cerulean.examples.support.Traffic;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Log messages keyed by time make a hot partition the design advisor finds; keyed by source, they do not. */
class LogDataTest {
    private static final Instant START = Instant.parse("2026-11-29T15:00:00Z");
    private static final List<Message> MESSAGES = LogData.messages(START, 20, 100);
    private static final List<String> SOURCES =
            new ArrayList<>(new TreeSet<>(MESSAGES.stream().map(Message::source).toList()));
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

    private LogData recorded(Design design) {
        TableClient table = Clients.tables(cerulean.connectionString(), traffic)
                .createTableIfNotExists("Log" + design.name().replace("_", ""));
        LogData example = new LogData(table, design, traffic, new PrintStream(OutputStream.nullOutputStream()));
        example.record(MESSAGES);
        return example;
    }

    private static List<String> findings(Design design) {
        return DesignAdvisor.findings(service, "Log" + design.name().replace("_", "")).stream()
                .map(finding -> finding.kind() + " " + finding.partitionKey() + " " + finding.pattern()).toList();
    }

    @Test
    void anHourPerPartitionIsAHotPartitionWrittenAtItsEnd() {
        LogData example = recorded(Design.BY_HOUR);
        assertThat(findings(Design.BY_HOUR)).containsExactlyInAnyOrder(
                "hot-partition 2026112915 Compound key pattern", "append-hotspot 2026112915 Compound key pattern");
        assertThat(example.errorsBetween(START.plusSeconds(4), START.plusSeconds(6), SOURCES))
                .extracting(Message::id).containsExactly("m000080", "m000090", "m000100", "m000110");
    }

    @Test
    void aPartitionPerSourceHoldsServesItsTailAndAPeriodByRanges() {
        LogData example = recorded(Design.BY_SOURCE);
        assertThat(findings(Design.BY_SOURCE)).isEmpty();

        Traffic.Measured<List<Message>> tail = traffic.measure(() -> example.tail("web-07", 5));
        assertThat(tail.value()).extracting(Message::id)
                .containsExactly("m001987", "m001967", "m001947", "m001927", "m001907");
        assertThat(tail.cost().entitiesRead()).isBetween(5L, 6L);

        Traffic.Measured<List<Message>> errors = traffic.measure(() ->
                example.errorsBetween(START.plusSeconds(4), START.plusSeconds(6), SOURCES));
        assertThat(errors.value()).extracting(Message::id)
                .containsExactly("m000080", "m000090", "m000100", "m000110");
        assertThat(errors.cost().pages()).as("one range a source").hasSize(20)
                .allSatisfy(page -> assertThat(page.queryClass()).isEqualTo("RANGE"));
        assertThat(findings(Design.BY_SOURCE)).as("twenty ranges read only their period").isEmpty();
    }
}
