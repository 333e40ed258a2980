package io.cerulean.examples.dataseries;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What the guide promises of a data series, through the example's own code. */
@CeruleanTest(shared = true)
class DataSeriesTest {
    private static final LocalDate DAY = LocalDate.parse("2026-02-01");

    @Test
    void countsFromWritersRacingOnOneEntityAreNeverLostAndTheDayIsOnePointRead(
            @CeruleanConnectionString String cs) throws Exception {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(cs, traffic).createTableIfNotExists("SeriesExample");
        DataSeries example = new DataSeries(table, traffic, new PrintStream(OutputStream.nullOutputStream()));
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> counted = new ArrayList<>();
            for (int writer = 0; writer < 8; writer++) {
                int hour = writer % 2 == 0 ? 9 : 17;
                counted.add(writers.submit(() -> {
                    for (int view = 0; view < 25; view++) {
                        example.count("home", DAY, hour);
                    }
                }));
            }
            for (Future<?> writer : counted) {
                writer.get();
            }
        } finally {
            writers.shutdownNow();
        }

        Traffic.Measured<Map<Integer, Integer>> day = traffic.measure(() -> example.day("home", DAY));

        assertThat(day.value()).as("100 views at 9 and 100 at 17, none lost to a race")
                .isEqualTo(Map.of(9, 100, 17, 100));
        assertThat(day.cost().requests()).isEqualTo(1);
        assertThat(day.cost().queryClasses()).containsExactly("POINT");
        assertThat(day.cost().entitiesRead()).as("the whole day in one entity").isEqualTo(1);
    }
}
