package io.cerulean.examples.prependappend;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.DesignAdvisor;
import io.cerulean.examples.support.Ticks;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The prepend/append anti-pattern beside its fix. An application records employees' access to the
 * network; how it keys the events decides whether the inserts can be spread over servers:
 * <ul>
 * <li>{@link KeyDesign#BY_HOUR}: PartitionKey the hour, RowKey the moment: every insert of the hour
 * goes to one partition, and to its end (the anti-pattern);</li>
 * <li>{@link KeyDesign#BY_HOUR_NEWEST_FIRST}: the same with inverted ticks, newest first: to its start;</li>
 * <li>{@link KeyDesign#BY_MOMENT}: PartitionKey the moment: every insert makes a partition above all
 * others, at the end of the table's key space, which one server serves;</li>
 * <li>{@link KeyDesign#BY_EMPLOYEE}, the guide's solution: PartitionKey the department and the
 * employee, RowKey the moment: inserts spread over as many partitions as there are employees, and an
 * employee's events in a period are still one range query.</li>
 * </ul>
 * Events are written as an application that buffers a moment of them would: grouped by PartitionKey,
 * each group in transactions of a hundred.
 */
public final class PrependAppend {
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MOMENT =
            DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS").withZone(ZoneOffset.UTC);

    /** How an event is keyed. */
    public enum KeyDesign {
        BY_HOUR, BY_HOUR_NEWEST_FIRST, BY_MOMENT, BY_EMPLOYEE;

        String partitionKey(AccessEvent event) {
            return switch (this) {
                case BY_HOUR, BY_HOUR_NEWEST_FIRST -> HOUR.format(event.at());
                case BY_MOMENT -> Ticks.of(event.at()) + "_" + event.eventId();
                case BY_EMPLOYEE -> event.department() + "_" + event.employeeId();
            };
        }

        String rowKey(AccessEvent event) {
            return switch (this) {
                case BY_HOUR -> Ticks.of(event.at()) + "_" + event.eventId();
                case BY_HOUR_NEWEST_FIRST -> String.format("%019d", Long.MAX_VALUE - Ticks.of(event.at())) + "_"
                        + event.eventId();
                case BY_MOMENT -> event.employeeId();
                case BY_EMPLOYEE -> MOMENT.format(event.at()) + "_" + event.eventId();
            };
        }
    }

    /** One access to a resource by an employee. */
    public record AccessEvent(Instant at, String department, String employeeId, String eventId, String resource) {
    }

    private final TableClient events;
    private final KeyDesign design;
    private final Traffic traffic;
    private final PrintStream out;

    public PrependAppend(TableClient events, KeyDesign design, Traffic traffic, PrintStream out) {
        this.events = events;
        this.design = design;
        this.traffic = traffic;
        this.out = out;
    }

    /** {@code count} events a tenth of a second apart from {@code start}, by {@code employees} employees of four departments in turn. */
    public static List<AccessEvent> events(Instant start, int count, int employees) {
        List<AccessEvent> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int employee = (i * 7) % employees;
            events.add(new AccessEvent(start.plusMillis(100L * i), "dept" + (employee % 4),
                    String.format("emp%04d", employee), String.format("ev%06d", i), "share-" + (i % 9)));
        }
        return events;
    }

    /** Records {@code batch}: grouped by PartitionKey, each group in transactions of a hundred. */
    public void record(List<AccessEvent> batch) {
        Map<String, List<TableTransactionAction>> byPartition = new LinkedHashMap<>();
        for (AccessEvent event : batch) {
            TableEntity entity = new TableEntity(design.partitionKey(event), design.rowKey(event))
                    .addProperty("At", event.at().toString()).addProperty("Department", event.department())
                    .addProperty("Employee", event.employeeId()).addProperty("Resource", event.resource());
            byPartition.computeIfAbsent(entity.getPartitionKey(), key -> new ArrayList<>())
                    .add(new TableTransactionAction(TableTransactionActionType.CREATE, entity));
        }
        Traffic.Measured<Void> recorded = traffic.measure(() -> {
            for (List<TableTransactionAction> group : byPartition.values()) {
                for (int from = 0; from < group.size(); from += 100) {
                    events.submitTransaction(group.subList(from, Math.min(group.size(), from + 100)));
                }
            }
            return null;
        });
        out.printf("record %d events %s into %d partitions: %s%n", batch.size(), design, byPartition.size(),
                recorded.cost());
    }

    /** An employee's events from {@code from} (inclusive) to {@code to} (exclusive), with {@link KeyDesign#BY_EMPLOYEE}: one range query. */
    public List<AccessEvent> employeeBetween(String department, String employeeId, Instant from, Instant to) {
        String filter = String.format("PartitionKey eq '%s_%s' and RowKey ge '%s' and RowKey lt '%s'", department,
                employeeId, MOMENT.format(from), MOMENT.format(to));
        Traffic.Measured<List<AccessEvent>> found = traffic.measure(() -> events.listEntities(
                new ListEntitiesOptions().setFilter(filter), null, null).stream()
                .map(e -> new AccessEvent(Instant.parse((String) e.getProperty("At")), department, employeeId,
                        e.getRowKey().substring(e.getRowKey().indexOf('_') + 1), (String) e.getProperty("Resource")))
                .toList());
        out.printf("%s's events from %s to %s: %s%n", employeeId, from, to, found.cost());
        return found.value();
    }

    /** Records the same events with each design, then prints what Cerulean's design advisor says of each table. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableServiceClient service = Clients.tables(Clients.connectionString(args), traffic);
        List<AccessEvent> hour = events(Instant.parse("2026-11-29T12:00:00Z"), 2_000, 40);
        for (KeyDesign design : KeyDesign.values()) {
            TableClient table = service.createTableIfNotExists("AccessBy" + design.name().replace("_", ""));
            try {
                new PrependAppend(table, design, traffic, System.out)
                        .record(design == KeyDesign.BY_MOMENT ? hour.subList(0, 400) : hour);
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
