package io.cerulean.examples.wideentities;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The wide entities pattern: an entity holds at most 252 properties of its own, so a record with
 * more is split across entities of one partition, {@code <id>_0}, {@code <id>_1}..., written by one
 * entity group transaction so that a reader never sees half of a change, and read back by one range
 * query over its RowKeys.
 */
public final class WideEntities {
    static final String TABLE = "Ballots";
    /** Properties the service allows an entity beside PartitionKey, RowKey and Timestamp. */
    public static final int MAX_PROPERTIES = 252;

    private final TableClient ballots;
    private final Traffic traffic;
    private final PrintStream out;

    public WideEntities(TableClient ballots, Traffic traffic, PrintStream out) {
        this.ballots = ballots;
        this.traffic = traffic;
        this.out = out;
    }

    /** Writes {@code votes} (property name to count) as the record {@code id} of {@code region}: one transaction. */
    public void write(String region, String id, Map<String, Integer> votes) {
        List<Map.Entry<String, Integer>> all = new ArrayList<>(new TreeMap<>(votes).entrySet());
        Traffic.Measured<Integer> written = traffic.measure(() -> {
            List<TableTransactionAction> parts = new ArrayList<>();
            for (int part = 0; part * MAX_PROPERTIES < all.size(); part++) {
                TableEntity entity = new TableEntity(region, id + "_" + part);
                for (Map.Entry<String, Integer> vote : all.subList(part * MAX_PROPERTIES,
                        Math.min(all.size(), (part + 1) * MAX_PROPERTIES))) {
                    entity.addProperty(vote.getKey(), vote.getValue());
                }
                parts.add(new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, entity));
            }
            ballots.submitTransaction(parts);
            return parts.size();
        });
        out.printf("write %d properties of %s as %d entities: %s%n", votes.size(), id, written.value(),
                written.cost());
    }

    /** The record {@code id} of {@code region}, its parts merged: one range query. */
    public Map<String, Integer> read(String region, String id) {
        Traffic.Measured<Map<String, Integer>> read = traffic.measure(() -> {
            Map<String, Integer> votes = new TreeMap<>();
            ballots.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + region
                    + "' and RowKey ge '" + id + "_' and RowKey lt '" + id + "`'"), null, null)
                    .forEach(part -> part.getProperties().forEach((name, value) -> {
                        if (value instanceof Integer count) {
                            votes.put(name, count);
                        }
                    }));
            return votes;
        });
        out.printf("read %s: %d properties, %s%n", id, read.value().size(), read.cost());
        return read.value();
    }

    /** A record of 600 candidates' votes, written and read back. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists(TABLE);
        try {
            WideEntities example = new WideEntities(table, traffic, System.out);
            Map<String, Integer> votes = new TreeMap<>();
            for (int candidate = 0; candidate < 600; candidate++) {
                votes.put(String.format("Candidate%03d", candidate), candidate % 17);
            }
            example.write("North", "precinct42", votes);
            example.read("North", "precinct42");
        } finally {
            table.deleteTable();
        }
    }
}
