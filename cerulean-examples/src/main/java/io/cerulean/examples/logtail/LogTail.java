package io.cerulean.examples.logtail;

import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Ticks;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The log tail pattern: entries keyed by inverted ticks, {@code Long.MAX_VALUE} minus the moment in
 * .NET ticks, zero-padded, so that the newest sorts first. The last entries of a log are then the
 * first rows of its partition: a query with {@code $top} reads them and stops, however long the
 * log, where keys in time order would make it read the whole partition to find its end.
 */
public final class LogTail {
    static final String TABLE = "Logs";

    private final TableClient logs;
    private final Traffic traffic;
    private final PrintStream out;

    public LogTail(TableClient logs, Traffic traffic, PrintStream out) {
        this.logs = logs;
        this.traffic = traffic;
        this.out = out;
    }

    /** A log entry as the application reads it. */
    public record Entry(Instant at, String message) {
    }

    /** The RowKey of an entry written at {@code at}: later moments sort first. */
    public static String invertedTicks(Instant at) {
        long ticks = Ticks.of(at);
        return String.format("%019d", Long.MAX_VALUE - ticks);
    }

    /** Appends entries to {@code log}, a hundred to a transaction (one partition, so one transaction each). */
    public void append(String log, List<Entry> entries) {
        Traffic.Measured<Void> appended = traffic.measure(() -> {
            for (int from = 0; from < entries.size(); from += 100) {
                List<TableTransactionAction> batch = new ArrayList<>();
                for (Entry entry : entries.subList(from, Math.min(entries.size(), from + 100))) {
                    batch.add(new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE,
                            new TableEntity(log, invertedTicks(entry.at())).addProperty("At", entry.at().toString())
                                    .addProperty("Message", entry.message())));
                }
                logs.submitTransaction(batch);
            }
            return null;
        });
        out.printf("append %d entries to %s: %s%n", entries.size(), log, appended.cost());
    }

    /** The {@code count} newest entries of {@code log}, newest first: one page of a partition query. */
    public List<Entry> tail(String log, int count) {
        Traffic.Measured<List<Entry>> tail = traffic.measure(() -> {
            PagedResponse<TableEntity> page = logs.listEntities(new ListEntitiesOptions()
                    .setFilter("PartitionKey eq '" + log.replace("'", "''") + "'").setTop(count), null, null)
                    .iterableByPage().iterator().next();
            return page.getValue().stream().map(e -> new Entry(Instant.parse((String) e.getProperty("At")),
                    (String) e.getProperty("Message"))).toList();
        });
        out.printf("the last %d entries of %s: %s%n", count, log, tail.cost());
        return tail.value();
    }

    /** Writes an hour of entries, a minute apart, then reads the last ten. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists(TABLE);
        try {
            LogTail example = new LogTail(table, traffic, System.out);
            Instant start = Instant.parse("2026-01-01T00:00:00Z");
            List<Entry> hour = new ArrayList<>();
            for (int minute = 0; minute < 60; minute++) {
                hour.add(new Entry(start.plusSeconds(60L * minute), "minute " + minute));
            }
            example.append("web-01", hour);
            example.tail("web-01", 10).forEach(entry -> System.out.println("  " + entry.at() + " " + entry.message()));
        } finally {
            table.deleteTable();
        }
    }
}
