package io.cerulean.examples.logdata;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.logtail.LogTail;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.DesignAdvisor;
import io.cerulean.examples.support.Ticks;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The log data anti-pattern beside its fix. Log messages keyed by the time they were written
 * ({@link Design#BY_HOUR}: PartitionKey the date and hour, RowKey the moment and the message id, as
 * the guide's first schema) make every message of the hour go to one partition: a hot partition,
 * written at its end. Keyed by their source instead ({@link Design#BY_SOURCE}), with the newest
 * first (the log tail's inverted ticks), the writes spread over as many partitions as sources; a
 * source's latest messages are the first rows of its partition, and a period's messages are one
 * range query per source, never a scan. (The guide's own answer for large volumes of log data is to
 * keep them in blobs, one per period, as Storage Analytics does.)
 */
public final class LogData {
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);

    /** How a message is keyed. */
    public enum Design {
        BY_HOUR, BY_SOURCE
    }

    /** One log message. */
    public record Message(Instant at, String source, String id, String level, String text) {
    }

    private final TableClient logs;
    private final Design design;
    private final Traffic traffic;
    private final PrintStream out;

    public LogData(TableClient logs, Design design, Traffic traffic, PrintStream out) {
        this.logs = logs;
        this.design = design;
        this.traffic = traffic;
        this.out = out;
    }

    static String ticks(Instant at) {
        return String.format("%019d", Ticks.of(at));
    }

    /** The log tail's RowKey: later moments sort first. */
    static String invertedTicks(Instant at) {
        return LogTail.invertedTicks(at);
    }

    String partitionKey(Message message) {
        return design == Design.BY_HOUR ? HOUR.format(message.at()) : message.source();
    }

    String rowKey(Message message) {
        return (design == Design.BY_HOUR ? ticks(message.at()) : invertedTicks(message.at())) + "_" + message.id();
    }

    /** {@code perSource} messages from each of {@code sources} sources, interleaved, 50 ms apart; every tenth an error. */
    public static List<Message> messages(Instant start, int sources, int perSource) {
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < sources * perSource; i++) {
            messages.add(new Message(start.plusMillis(50L * i), String.format("web-%02d", i % sources),
                    String.format("m%06d", i), i % 10 == 0 ? "Error" : "Info", "request " + i));
        }
        return messages;
    }

    /** Writes {@code batch} as an application that buffers a moment of messages would: by partition, a hundred to a transaction. */
    public void record(List<Message> batch) {
        Map<String, List<TableTransactionAction>> byPartition = new LinkedHashMap<>();
        for (Message message : batch) {
            TableEntity entity = new TableEntity(partitionKey(message), rowKey(message))
                    .addProperty("At", message.at().toString()).addProperty("Source", message.source())
                    .addProperty("Level", message.level()).addProperty("Text", message.text());
            byPartition.computeIfAbsent(entity.getPartitionKey(), key -> new ArrayList<>())
                    .add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
        }
        Traffic.Measured<Void> written = traffic.measure(() -> {
            for (List<TableTransactionAction> group : byPartition.values()) {
                for (int from = 0; from < group.size(); from += 100) {
                    logs.submitTransaction(group.subList(from, Math.min(group.size(), from + 100)));
                }
            }
            return null;
        });
        out.printf("record %d messages %s into %d partitions: %s%n", batch.size(), design, byPartition.size(),
                written.cost());
    }

    /**
     * The errors written from {@code from} (inclusive) to {@code to} (exclusive), oldest first, of
     * {@code sources}: one range query in the hour's partition ({@link Design#BY_HOUR}, within one hour),
     * or one per source.
     */
    public List<Message> errorsBetween(Instant from, Instant to, List<String> sources) {
        Traffic.Measured<List<Message>> found = traffic.measure(() -> {
            List<String> filters = new ArrayList<>();
            if (design == Design.BY_HOUR) {
                filters.add(String.format("PartitionKey eq '%s' and RowKey ge '%s' and RowKey lt '%s'",
                        HOUR.format(from), ticks(from), ticks(to)));
            } else {
                // Newest first: the period's later end is the range's lower bound; '~' sorts after every id.
                for (String source : sources) {
                    filters.add(String.format("PartitionKey eq '%s' and RowKey gt '%s' and RowKey le '%s'",
                            source, invertedTicks(to) + "_~", invertedTicks(from) + "_~"));
                }
            }
            List<Message> messages = new ArrayList<>();
            for (String filter : filters) {
                logs.listEntities(new ListEntitiesOptions().setFilter(filter + " and Level eq 'Error'"), null, null)
                        .forEach(e -> messages.add(message(e)));
            }
            messages.sort(Comparator.comparing(Message::at));
            return messages;
        });
        out.printf("errors from %s to %s: %s%n", from, to, found.cost());
        return found.value();
    }

    /** The {@code count} latest messages of {@code source}, newest first ({@link Design#BY_SOURCE}): one page of its partition. */
    public List<Message> tail(String source, int count) {
        Traffic.Measured<List<Message>> tail = traffic.measure(() -> logs.listEntities(new ListEntitiesOptions()
                        .setFilter("PartitionKey eq '" + source + "'").setTop(count), null, null)
                .iterableByPage().iterator().next().getValue().stream().map(LogData::message).toList());
        out.printf("the last %d messages of %s: %s%n", count, source, tail.cost());
        return tail.value();
    }

    private static Message message(TableEntity entity) {
        String rowKey = entity.getRowKey();
        return new Message(Instant.parse((String) entity.getProperty("At")), (String) entity.getProperty("Source"),
                rowKey.substring(rowKey.indexOf('_') + 1), (String) entity.getProperty("Level"),
                (String) entity.getProperty("Text"));
    }

    /** Writes the same messages with each design, then prints what Cerulean's design advisor says of each table. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableServiceClient service = Clients.tables(Clients.connectionString(args), traffic);
        Instant start = Instant.parse("2026-11-29T15:00:00Z");
        List<Message> messages = messages(start, 20, 100);
        List<String> sources = new ArrayList<>(new TreeSet<>(messages.stream().map(Message::source).toList()));
        for (Design design : Design.values()) {
            TableClient table = service.createTableIfNotExists("Log" + design.name().replace("_", ""));
            try {
                LogData example = new LogData(table, design, traffic, System.out);
                example.record(messages);
                example.errorsBetween(start.plusSeconds(4), start.plusSeconds(6), sources);
                try {
                    List<DesignAdvisor.Finding> findings = DesignAdvisor.findings(service, table.getTableName());
                    System.out.println(findings.isEmpty() ? "  the design advisor finds nothing" : "");
                    findings.forEach(finding -> System.out.println("  " + finding));
                } catch (RuntimeException e) {
                    System.out.println("  no design advisor here (it is Cerulean's): " + e.getMessage());
                }
            } finally {
                table.deleteTable();
            }
        }
    }
}
