package io.cerulean.examples.indexentities;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobDownloadContentResponse;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The index entities pattern, first option: the index is a blob per last name listing the
 * employees of that name, one {@code department/id} a line, across every department, with no
 * limit on its length but the blob's. A blob and an entity share no transaction, so the order
 * of the writes is what keeps them consistent: hiring lists the employee first (read the blob,
 * write it back on the ETag read, read again when another writer got there first), then inserts
 * the employee. A writer that dies between the two, or whose insert fails, leaves a line that
 * names no employee of that name; the lookup, which reads the blob and then each employee it
 * lists, skips such lines, so it never answers a wrong employee and never misses one whose hire
 * was acknowledged.
 */
public final class BlobIndex {
    static final String TABLE = "EmployeesBlobIndexed";
    static final String CONTAINER = "lastnames";

    private final TableClient employees;
    private final BlobContainerClient lists;
    private final Traffic traffic;
    private final PrintStream out;

    public BlobIndex(TableClient employees, BlobContainerClient lists, Traffic traffic, PrintStream out) {
        this.employees = employees;
        this.lists = lists;
        this.traffic = traffic;
        this.out = out;
    }

    /** Hires an employee: listed in their name's blob, then inserted. */
    public void hire(Employee employee) {
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            list(employee);
            employees.createEntity(employee.entity());
            return null;
        });
        out.printf("hire %s %s: list them in the blob, then insert them, %s%n", employee.id(), employee.lastName(),
                hired.cost());
    }

    /**
     * The first step of a hire: the employee's line added to their name's blob, unless it is there
     * already, on the ETag the blob was read with (or only if there is none yet).
     */
    public void list(Employee employee) {
        String line = employee.department() + "/" + employee.id();
        BlobClient blob = lists.getBlobClient(employee.lastName());
        while (true) {
            BlobRequestConditions unchanged;
            List<String> lines = new ArrayList<>();
            try {
                BlobDownloadContentResponse read = blob.downloadContentWithResponse(null, null, null, Context.NONE);
                lines.addAll(lines(read.getValue().toString()));
                unchanged = new BlobRequestConditions().setIfMatch(read.getDeserializedHeaders().getETag());
            } catch (BlobStorageException e) {
                if (e.getStatusCode() != 404) {
                    throw e;
                }
                unchanged = new BlobRequestConditions().setIfNoneMatch("*");
            }
            if (lines.contains(line)) {
                return;
            }
            lines.add(line);
            try {
                blob.uploadWithResponse(new BlobParallelUploadOptions(BinaryData.fromString(String.join("\n", lines)))
                        .setRequestConditions(unchanged), null, Context.NONE);
                return;
            } catch (BlobStorageException e) {
                // 412: changed since it was read; 409: created since it was found missing. Read it again.
                if (e.getStatusCode() != 412 && e.getStatusCode() != 409) {
                    throw e;
                }
            }
        }
    }

    /** The lines of a name's blob: one request. */
    public List<String> entries(String lastName) {
        Traffic.Measured<List<String>> entries = traffic.measure(() -> {
            try {
                return lines(lists.getBlobClient(lastName).downloadContent().toString());
            } catch (BlobStorageException e) {
                if (e.getStatusCode() != 404) {
                    throw e;
                }
                return List.<String>of();
            }
        });
        out.printf("the blob of %s: %d lines, %s%n", lastName, entries.value().size(), entries.cost());
        return entries.value();
    }

    /** The employees of a name, in every department: the blob, then a point query per line. */
    public List<Employee> find(String lastName) {
        Traffic.Measured<List<Employee>> found = traffic.measure(() -> {
            List<Employee> result = new ArrayList<>();
            for (String entry : entries(lastName)) {
                String[] key = entry.split("/", 2);
                Employee.find(employees, key[0], key[1]).filter(e -> e.lastName().equals(lastName))
                        .ifPresent(result::add);
            }
            return result;
        });
        out.printf("find everyone named %s: %d found, %s%n", lastName, found.value().size(), found.cost());
        return found.value();
    }

    private static List<String> lines(String text) {
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    /** Joneses in two departments, found through one blob. */
    public static void main(String[] args) {
        Traffic traffic = new Traffic();
        String connectionString = Clients.connectionString(args);
        TableClient table = Clients.tables(connectionString, traffic).createTableIfNotExists(TABLE);
        BlobContainerClient container = Clients.blobs(connectionString, traffic).getBlobContainerClient(CONTAINER);
        container.createIfNotExists();
        try {
            BlobIndex example = new BlobIndex(table, container, traffic, System.out);
            example.hire(new Employee("Sales", "000152", "Don", "Jones"));
            example.hire(new Employee("Sales", "000153", "Ann", "Smith"));
            example.hire(new Employee("HR", "000154", "Lee", "Jones"));
            example.find("Jones").forEach(employee -> System.out.println("  " + employee));
        } finally {
            table.deleteTable();
            container.delete();
        }
    }
}
