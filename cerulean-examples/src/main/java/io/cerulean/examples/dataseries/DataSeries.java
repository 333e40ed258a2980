package io.cerulean.examples.dataseries;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The data series pattern: a day of a counter in one entity, a property per hour ({@code H00} to
 * {@code H23}), so that the whole day is one point read instead of 24 entities. Counting is a read,
 * then a merge of the hour's new value made only if the entity is unchanged since (If-Match on the
 * ETag read); a writer that loses the race (412) reads again and retries, so no count is lost
 * however many write at once.
 */
public final class DataSeries {
    static final String TABLE = "PageViews";

    private final TableClient series;
    private final Traffic traffic;
    private final PrintStream out;
    private final AtomicInteger conflicts = new AtomicInteger();

    public DataSeries(TableClient series, Traffic traffic, PrintStream out) {
        this.series = series;
        this.traffic = traffic;
        this.out = out;
    }

    private static String rowKey(LocalDate day) {
        return day.toString();
    }

    private static String property(int hour) {
        return String.format("H%02d", hour);
    }

    /** Adds one to {@code page}'s count for {@code hour} of {@code day}; retried until it lands. */
    public void count(String page, LocalDate day, int hour) {
        while (true) {
            TableEntity current;
            try {
                current = series.getEntity(page, rowKey(day));
            } catch (TableServiceException e) {
                if (e.getResponse().getStatusCode() != 404) {
                    throw e;
                }
                try {
                    series.createEntity(new TableEntity(page, rowKey(day)).addProperty(property(hour), 1));
                    return;
                } catch (TableServiceException created) {
                    if (created.getResponse().getStatusCode() != 409) {
                        throw created;
                    }
                    conflicts.incrementAndGet();
                    continue; // another writer created the day first: count on it
                }
            }
            Object value = current.getProperty(property(hour));
            // The entity as read carries its ETag: the merge holds only if no one wrote since.
            TableEntity next = new TableEntity(page, rowKey(day)).addProperty("odata.etag", current.getETag())
                    .addProperty(property(hour), value instanceof Integer n ? n + 1 : 1);
            try {
                series.updateEntityWithResponse(next, TableEntityUpdateMode.MERGE, true, null, Context.NONE);
                return;
            } catch (TableServiceException e) {
                if (e.getResponse().getStatusCode() != 412) {
                    throw e;
                }
                conflicts.incrementAndGet();
            }
        }
    }

    /** Writes lost to another writer and retried so far. */
    public int conflicts() {
        return conflicts.get();
    }

    /** {@code page}'s counts for each hour of {@code day}: one point query. */
    public Map<Integer, Integer> day(String page, LocalDate day) {
        Traffic.Measured<Map<Integer, Integer>> read = traffic.measure(() -> {
            Map<Integer, Integer> hours = new TreeMap<>();
            series.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + page
                    + "' and RowKey eq '" + rowKey(day) + "'"), null, null).forEach(entity -> {
                        for (int hour = 0; hour < 24; hour++) {
                            if (entity.getProperty(property(hour)) instanceof Integer n) {
                                hours.put(hour, n);
                            }
                        }
                    });
            return hours;
        });
        out.printf("the counts of %s on %s: %s, %s%n", page, day, read.value(), read.cost());
        return read.value();
    }

    /** Counts a few views and reads the day back. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists(TABLE);
        try {
            DataSeries example = new DataSeries(table, traffic, System.out);
            LocalDate day = LocalDate.parse("2026-01-01");
            for (int view = 0; view < 30; view++) {
                example.count("home", day, view % 5 + 9);
            }
            example.day("home", day);
        } finally {
            table.deleteTable();
        }
    }
}
