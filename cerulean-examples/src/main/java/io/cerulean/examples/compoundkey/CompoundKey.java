package io.cerulean.examples.compoundkey;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * The compound key pattern: an employee's yearly reviews live in the employee's own partition, keyed
 * {@code empid_<id>_<year>} beside the employee's {@code empid_<id>}. A question that needs two keys,
 * "the review of employee 000123 for 2012", is then one point query on a RowKey that combines them,
 * and "the employee and all their reviews" one range query from {@code empid_000123} up to
 * {@code empid_000124}. Ids are zero-padded to one width so that no other id sorts inside that range
 * ({@code empid_0001230} would), and since the reviews share the employee's partition a review and
 * the employee's summary of it are written by one transaction.
 */
public final class CompoundKey {
    static final String TABLE = "EmployeeReviews";

    private final TableClient employees;
    private final Traffic traffic;
    private final PrintStream out;

    public CompoundKey(TableClient employees, Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.traffic = traffic;
        this.out = out;
    }

    /** A year's review of an employee. */
    public record Review(String employeeId, int year, int managerRating, int peerRating, String comments) {
    }

    /** The RowKey of an employee: six digits, so that ids sort as numbers. */
    public static String employeeKey(int id) {
        return String.format("empid_%06d", id);
    }

    /** The RowKey of a review: the employee's key and the year, joined by a separator. */
    public static String reviewKey(int id, int year) {
        return employeeKey(id) + "_" + year;
    }

    /** Hires an employee. */
    public void hire(String department, int id, String name) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            employees.createEntity(new TableEntity(department, employeeKey(id)).addProperty("Name", name));
            return null;
        });
        out.printf("hire %s: %s%n", employeeKey(id), hired.cost());
    }

    /** Records a review and the employee's latest rating together: one partition, one transaction. */
    public void review(String department, int id, int year, int managerRating, int peerRating, String comments) {
        Traffic.Measured<Void> reviewed = traffic.measure(() -> {
            employees.submitTransaction(List.of(
                    new TableTransactionAction(TableTransactionActionType.CREATE,
                            new TableEntity(department, reviewKey(id, year)).addProperty("ManagerRating", managerRating)
                                    .addProperty("PeerRating", peerRating).addProperty("Comments", comments)),
                    new TableTransactionAction(TableTransactionActionType.UPDATE_MERGE,
                            new TableEntity(department, employeeKey(id)).addProperty("LatestRating", managerRating))));
            return null;
        });
        out.printf("review %s for %d: one transaction of two, %s%n", employeeKey(id), year, reviewed.cost());
    }

    /** One employee's review for one year: a point query on the compound RowKey. */
    public Optional<Review> reviewFor(String department, int id, int year) {
        String filter = "PartitionKey eq '" + department + "' and RowKey eq '" + reviewKey(id, year) + "'";
        Traffic.Measured<Optional<Review>> found = traffic.measure(() -> employees.listEntities(
                new ListEntitiesOptions().setFilter(filter), null, null).stream().findFirst().map(CompoundKey::review));
        out.printf("the review of %s for %d: %s%n", employeeKey(id), year, found.cost());
        return found.value();
    }

    /** Every review of an employee, oldest first: one range query over the employee's keys. */
    public List<Review> reviewsOf(String department, int id) {
        Traffic.Measured<List<Review>> found = traffic.measure(() -> employees.listEntities(new ListEntitiesOptions()
                .setFilter("PartitionKey eq '" + department + "' and RowKey ge '" + employeeKey(id)
                        + "' and RowKey lt '" + employeeKey(id + 1) + "'")
                .setSelect(List.of("RowKey", "ManagerRating", "PeerRating", "Comments")), null, null)
                .stream().filter(e -> !e.getRowKey().equals(employeeKey(id))).map(CompoundKey::review).toList());
        out.printf("the reviews of %s: %d found, %s%n", employeeKey(id), found.value().size(), found.cost());
        return found.value();
    }

    private static Review review(TableEntity entity) {
        String key = entity.getRowKey();
        int separator = key.lastIndexOf('_');
        return new Review(key.substring("empid_".length(), separator), Integer.parseInt(key.substring(separator + 1)),
                (Integer) entity.getProperty("ManagerRating"), (Integer) entity.getProperty("PeerRating"),
                (String) entity.getProperty("Comments"));
    }

    /** Two employees with three years of reviews each, read back by year and all at once. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(Clients.connectionString(args), traffic).createTableIfNotExists(TABLE);
        try {
            CompoundKey example = new CompoundKey(table, traffic, System.out);
            for (int id : new int[] {123, 124}) {
                example.hire("Sales", id, "Employee " + id);
                for (int year = 2010; year <= 2012; year++) {
                    example.review("Sales", id, year, 3 + year % 3, 4, "year " + year);
                }
            }
            example.reviewFor("Sales", 123, 2012).ifPresent(review -> System.out.println("  " + review));
            example.reviewsOf("Sales", 123).forEach(review -> System.out.println("  " + review));
        } finally {
            table.deleteTable();
        }
    }
}
