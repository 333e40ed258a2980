package io.cerulean.examples.logtail;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.cerulean.examples.logtail.LogTail.Entry;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the guide promises of the log tail, through the example's own code. */
@CeruleanTest(shared = true)
class LogTailTest {
    @Test
    void theNewestEntriesComeFirstAndReadingThemReadsNoMoreOfTheLog(@CeruleanConnectionString String cs) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(cs, traffic).createTableIfNotExists("LogTailExample");
        LogTail example = new LogTail(table, traffic, new PrintStream(OutputStream.nullOutputStream()));
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        List<Entry> day = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            day.add(new Entry(start.plusSeconds(37L * i).plusNanos(100L * i), "entry " + i));
        }
        Traffic.Measured<Void> appended = traffic.measure(() -> {
            example.append("web-01", day);
            return null;
        });
        example.append("web-02", day.subList(0, 5));

        Traffic.Measured<List<Entry>> tail = traffic.measure(() -> example.tail("web-01", 10));

        assertThat(tail.value()).extracting(Entry::message).containsExactly("entry 499", "entry 498", "entry 497",
                "entry 496", "entry 495", "entry 494", "entry 493", "entry 492", "entry 491", "entry 490");
        assertThat(appended.cost().requests()).as("transactions of a hundred").isEqualTo(5);
        assertThat(tail.cost().requests()).isEqualTo(1);
        assertThat(tail.cost().queryClasses()).containsExactly("PARTITION_SCAN");
        assertThat(tail.cost().entitiesRead()).as("the tail, not the 500 entries of the log").isBetween(10L, 11L);
    }

    @Test
    void laterMomentsSortFirstDownToATick() {
        Instant at = Instant.parse("2026-01-01T00:00:00Z");

        assertThat(LogTail.invertedTicks(at.plusNanos(100))).isLessThan(LogTail.invertedTicks(at));
        assertThat(LogTail.invertedTicks(at.plusSeconds(1))).isLessThan(LogTail.invertedTicks(at.plusNanos(100)));
        assertThat(LogTail.invertedTicks(at)).hasSize(19);
    }
}
