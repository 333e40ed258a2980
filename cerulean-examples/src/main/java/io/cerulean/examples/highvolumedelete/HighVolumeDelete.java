package io.cerulean.examples.highvolumedelete;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListTablesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableItem;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The high-volume delete pattern: what is deleted together is stored together, in a table of its
 * own, here a table per day of login records. Deleting a day is then one Delete Table, whatever the
 * number of its entities, where deleting them from a shared table would take a query and a delete
 * (or a transaction per hundred of one partition) for each.
 */
public final class HighVolumeDelete {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");

    private final TableServiceClient tables;
    private final String prefix;
    private final Traffic traffic;
    private final PrintStream out;

    /** @param prefix the start of every day's table name: letters only, as table names begin */
    public HighVolumeDelete(TableServiceClient tables, String prefix, Traffic traffic, PrintStream out) {
        this.tables = tables;
        this.prefix = prefix;
        this.traffic = traffic;
        this.out = out;
    }

    /** The table of {@code day}'s records. */
    public String tableOf(LocalDate day) {
        return prefix + DAY.format(day);
    }

    /** Records {@code loginsPerUser} logins of each of {@code users} users on {@code day}, a partition per user. */
    public void record(LocalDate day, int users, int loginsPerUser) {
        Traffic.Measured<Void> recorded = traffic.measure(() -> {
            TableClient table = tables.createTableIfNotExists(tableOf(day));
            for (int user = 0; user < users; user++) {
                List<TableTransactionAction> logins = new ArrayList<>();
                for (int login = 0; login < loginsPerUser; login++) {
                    logins.add(new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE,
                            new TableEntity("user" + user, String.format("%05d", login)).addProperty("Ok", true)));
                }
                table.submitTransaction(logins);
            }
            return null;
        });
        out.printf("record %d logins on %s: %s%n", users * loginsPerUser, day, recorded.cost());
    }

    /** Deletes every record of {@code day}: one request. */
    public void deleteDay(LocalDate day) {
        Traffic.Measured<Void> deleted = traffic.measure(() -> {
            tables.deleteTable(tableOf(day));
            return null;
        });
        out.printf("delete every record of %s: %s%n", day, deleted.cost());
    }

    /** The days that have records, oldest first. */
    public List<String> days() {
        return tables.listTables(new ListTablesOptions().setFilter("TableName ge '" + prefix + "' and TableName lt '"
                + prefix + "~'"), null, null).stream().map(TableItem::getName).sorted().toList();
    }

    /** Records three days, then deletes the oldest. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableServiceClient tables = Clients.tables(Clients.connectionString(args), traffic);
        HighVolumeDelete example = new HighVolumeDelete(tables, "Logins", traffic, System.out);
        LocalDate first = LocalDate.parse("2026-01-01");
        for (int day = 0; day < 3; day++) {
            example.record(first.plusDays(day), 20, 50);
        }
        example.deleteDay(first);
        System.out.println("days left: " + example.days());
        example.deleteDay(first.plusDays(1));
        example.deleteDay(first.plusDays(2));
    }
}
