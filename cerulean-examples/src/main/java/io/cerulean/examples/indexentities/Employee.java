package io.cerulean.examples.indexentities;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import java.util.Optional;

/**
 * An employee as the three index options store one: in their department's partition under
 * {@code empid_<id>}. The lookups end in a point query per employee the index lists.
 */
public record Employee(String department, String id, String firstName, String lastName) {
    static String rowKey(String id) {
        return "empid_" + id;
    }

    TableEntity entity() {
        return new TableEntity(department, rowKey(id)).addProperty("FirstName", firstName)
                .addProperty("LastName", lastName);
    }

    /** The employee {@code id} of {@code department}: a point query. */
    static Optional<Employee> find(TableClient employees, String department, String id) {
        return employees.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq '" + quoted(department)
                + "' and RowKey eq '" + quoted(rowKey(id)) + "'"), null, null).stream().findFirst()
                .map(e -> new Employee(department, id, (String) e.getProperty("FirstName"),
                        (String) e.getProperty("LastName")));
    }

    static String quoted(String value) {
        return value.replace("'", "''");
    }
}
