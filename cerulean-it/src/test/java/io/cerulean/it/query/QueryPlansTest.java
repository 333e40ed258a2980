package io.cerulean.it.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.JsonNode;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What the planner makes of a query on each store, through raw HTTP ({@code x-cerulean-query-plan},
 * {@code x-cerulean-entities-read}, {@code x-cerulean-entities-returned}) and the official Java SDK:
 * the class of each plan and that it reads only what its keys allow, in the stores' key order, and
 * the shapes of what it returns (heterogeneous entity types, projection, Timestamp). What the design
 * guide's patterns make of it is shown by {@code cerulean-examples}.
 */
class QueryPlansTest {
    private static final SharedServers SERVERS = SharedServers.jvmWide();
    private static final Set<String> SYSTEM = Set.of("PartitionKey", "RowKey", "Timestamp", "odata.etag");

    private static List<TableEntity> list(TableClient table, ListEntitiesOptions options) {
        List<TableEntity> result = new ArrayList<>();
        table.listEntities(options, null, null).forEach(result::add);
        return result;
    }

    private static List<String> rowKeys(List<TableEntity> entities) {
        return entities.stream().map(TableEntity::getRowKey).toList();
    }

    private static RawResponse rawQuery(ServerFixture fixture, TableClient table, String query) {
        RawResponse response = SERVERS.http(fixture).get("/" + table.getTableName() + "()?" + query,
                "Accept", SignedHttp.NO_METADATA);
        assertThat(response.status()).as("%s -> %s", query, response).isEqualTo(200);
        return response;
    }

    private static String filter(String text) {
        return "$filter=" + SignedHttp.q(text);
    }

    private static void load(TableClient table, List<TableEntity> entities) {
        SharedServers.parallel(entities.stream().map(e -> (Runnable) () -> table.createEntity(e)).toList());
    }

    // ---------------------------------------------------------------- row key range

    /** Keys that sort inside a range by their characters ('0' < '_' < '~'), not by their length. */
    @ParameterizedTest
    @EachStore
    void aRowKeyRangeReadsOnlyTheRangeInStringOrder(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Employees");
        List<String> salesRows = List.of("empid_000122", "empid_000122_z", "empid_000123", "empid_000123_a",
                "empid_000123_b", "empid_0001230", "empid_000123~", "empid_000124", "empid_000124_a", "empid_1");
        List<TableEntity> entities = new ArrayList<>();
        for (String rk : salesRows) {
            entities.add(new TableEntity("Sales", rk).addProperty("Email", rk + "@contoso.com"));
        }
        for (String pk : List.of("Marketing", "Sale", "Salesx")) {
            entities.add(new TableEntity(pk, "empid_000123_c").addProperty("Email", "x@contoso.com"));
        }
        load(table, entities);

        String query = "PartitionKey eq 'Sales' and RowKey ge 'empid_000123' and RowKey lt 'empid_000124'";
        List<String> expected = new TreeSet<>(salesRows).stream()
                .filter(rk -> rk.compareTo("empid_000123") >= 0 && rk.compareTo("empid_000124") < 0).toList();
        assertThat(expected).containsExactly("empid_000123", "empid_0001230", "empid_000123_a", "empid_000123_b",
                "empid_000123~");
        List<TableEntity> found = list(table, new ListEntitiesOptions().setFilter(query));
        assertThat(rowKeys(found)).containsExactlyElementsOf(expected);
        assertThat(found).allSatisfy(e -> assertThat(e.getPartitionKey()).isEqualTo("Sales"));
        assertThat(found).allSatisfy(e -> assertThat(e.getProperty("Email")).isEqualTo(e.getRowKey() + "@contoso.com"));

        for (String text : List.of(query,
                "(PartitionKey eq 'Sales') and (RowKey ge 'empid_000123') and (RowKey lt 'empid_000124')",
                "RowKey lt 'empid_000124' and RowKey ge 'empid_000123' and PartitionKey eq 'Sales'")) {
            RawResponse raw = rawQuery(fixture, table, filter(text));
            assertThat(raw.plan()).as(text).isEqualTo("RANGE(pk='Sales', rk=['empid_000123'..'empid_000124'))");
            assertThat(raw.entitiesReturned()).isEqualTo(expected.size());
            assertThat(raw.entitiesRead()).as("read only the range").isEqualTo(raw.entitiesReturned());
            assertThat(raw.values()).extracting(e -> e.path("RowKey").asText()).containsExactlyElementsOf(expected);
        }
    }

    // ---------------------------------------------------------------- $top

    @ParameterizedTest
    @EachStore
    void topStopsAPartitionScanAfterItsPage(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Top");
        List<TableEntity> entries = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            entries.add(new TableEntity("log", String.format("%03d", i)).addProperty("Message", "event " + i));
        }
        entries.add(new TableEntity("log2", "000").addProperty("Message", "other log"));
        load(table, entries);

        PagedResponse<TableEntity> firstPage = table.listEntities(new ListEntitiesOptions()
                .setFilter("PartitionKey eq 'log'").setTop(10), null, null).iterableByPage().iterator().next();
        assertThat(rowKeys(firstPage.getValue())).containsExactly("000", "001", "002", "003", "004", "005", "006",
                "007", "008", "009");
        assertThat(firstPage.getContinuationToken()).as("the rest of the partition follows").isNotNull();

        RawResponse raw = rawQuery(fixture, table, filter("PartitionKey eq 'log'") + "&$top=10");
        assertThat(raw.plan()).isEqualTo("PARTITION_SCAN(pk='log')");
        assertThat(raw.entitiesReturned()).isEqualTo(10);
        assertThat(raw.entitiesRead()).as("the page only, not the partition").isBetween(10L, 11L);
        assertThat(SignedHttp.decodeToken(raw.header("x-ms-continuation-NextRowKey"))).isEqualTo("010");
    }

    // ---------------------------------------------------------------- heterogeneous entity types

    private static TableClient companyTable(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Company");
        List<TableEntity> entities = new ArrayList<>();
        int[] ages = {25, 31, 45, 30};
        String[] names = {"Ada", "Ben", "Cy", "Di"};
        for (int i = 0; i < names.length; i++) {
            String pk = i % 2 == 0 ? "Sales" : "HR";
            TableEntity employee = new TableEntity(pk, "Employee_" + names[i])
                    .addProperty("EntityType", "Employee")
                    .addProperty("FirstName", names[i])
                    .addProperty("Age", ages[i])
                    .addProperty("HireDate", OffsetDateTime.parse("2020-0" + (i + 1) + "-15T09:00:00Z"))
                    .addProperty("Salary", 1000.5 * (i + 1));
            if (!names[i].equals("Di")) { // Di has no e-mail address
                employee.addProperty("Email", names[i].toLowerCase() + "@contoso.com");
            }
            entities.add(employee);
        }
        for (String pk : List.of("Sales", "HR")) {
            entities.add(new TableEntity(pk, "Department")
                    .addProperty("EntityType", "Department")
                    .addProperty("DepartmentName", pk)
                    .addProperty("EmployeeCount", 2)
                    .addProperty("Budget", 5_000_000_000L));
        }
        load(table, entities);
        return table;
    }

    private static Set<String> customProperties(TableEntity entity) {
        // The SDK (full metadata) also keeps odata.* control information and type annotations in the map.
        return entity.getProperties().keySet().stream()
                .filter(k -> !SYSTEM.contains(k) && !k.startsWith("odata.") && !k.contains("@odata."))
                .collect(Collectors.toSet());
    }

    @ParameterizedTest
    @EachStore
    void heterogeneousEntityTypesShareATableAndKeepTheirShapes(ServerFixture fixture) {
        TableClient table = companyTable(fixture);

        List<TableEntity> employees = list(table, new ListEntitiesOptions().setFilter("EntityType eq 'Employee'"));
        assertThat(employees).extracting(TableEntity::getPartitionKey, TableEntity::getRowKey).containsExactly(
                org.assertj.core.groups.Tuple.tuple("HR", "Employee_Ben"), org.assertj.core.groups.Tuple.tuple("HR", "Employee_Di"),
                org.assertj.core.groups.Tuple.tuple("Sales", "Employee_Ada"), org.assertj.core.groups.Tuple.tuple("Sales", "Employee_Cy"));
        for (TableEntity e : employees) {
            Set<String> expected = new HashSet<>(Set.of("EntityType", "FirstName", "Age", "Email", "HireDate", "Salary"));
            if (e.getRowKey().equals("Employee_Di")) {
                expected.remove("Email");
            }
            assertThat(customProperties(e)).as(e.getRowKey()).isEqualTo(expected);
            assertThat(e.getProperty("Age")).isInstanceOf(Integer.class);
            assertThat(e.getProperty("HireDate")).isInstanceOf(OffsetDateTime.class);
            assertThat(e.getProperty("Salary")).isInstanceOf(Double.class);
        }

        List<TableEntity> departments = list(table, new ListEntitiesOptions()
                .setFilter("PartitionKey eq 'Sales' and EntityType eq 'Department'"));
        assertThat(departments).hasSize(1);
        assertThat(customProperties(departments.get(0))).containsExactlyInAnyOrder("EntityType", "DepartmentName",
                "EmployeeCount", "Budget");
        assertThat(departments.get(0).getProperty("Budget")).isEqualTo(5_000_000_000L);
        RawResponse raw = rawQuery(fixture, table, filter("PartitionKey eq 'Sales' and EntityType eq 'Department'"));
        assertThat(raw.plan()).isEqualTo("PARTITION_SCAN(pk='Sales') | FILTER EntityType eq 'Department'");
        assertThat(raw.entitiesRead()).isEqualTo(3);

        // A property only one type has: the other type is never returned, negated or not (three-valued logic).
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("Age gt 30"))))
                .containsExactly("Employee_Ben", "Employee_Cy");
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("not (Age gt 30)"))))
                .containsExactly("Employee_Di", "Employee_Ada");
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("Age ne 31"))))
                .containsExactly("Employee_Di", "Employee_Ada", "Employee_Cy");
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("not (Email eq 'ada@contoso.com')"))))
                .as("Di has no Email: not unknown is unknown").containsExactly("Employee_Ben", "Employee_Cy");
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("EmployeeCount ge 0 or Age ge 0"))))
                .hasSize(6);
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("Budget gt 4000000000L or Salary gt 4000.0"))))
                .containsExactly("Department", "Employee_Di", "Department");
    }

    // ---------------------------------------------------------------- projection

    @ParameterizedTest
    @EachStore
    void projectionOfOnePropertyReturnsOnlyThatProperty(ServerFixture fixture) {
        TableClient table = companyTable(fixture);

        RawResponse raw = rawQuery(fixture, table, "$select=Email");
        List<JsonNode> values = raw.values();
        assertThat(values).hasSize(6);
        for (JsonNode entity : values) {
            List<String> names = new ArrayList<>();
            entity.fieldNames().forEachRemaining(names::add);
            assertThat(names).as("%s", entity).containsExactly("Email");
        }
        // In key order: HR/Department, HR/Employee_Ben, HR/Employee_Di, Sales/Department, Sales/Employee_Ada, Sales/Employee_Cy.
        assertThat(values).extracting(e -> e.get("Email").isNull() ? null : e.get("Email").asText())
                .containsExactly(null, "ben@contoso.com", null, null, "ada@contoso.com", "cy@contoso.com");

        RawResponse withKeys = rawQuery(fixture, table, "$select=" + SignedHttp.q("RowKey, Email") + "&"
                + filter("EntityType eq 'Employee'"));
        for (JsonNode entity : withKeys.values()) {
            List<String> names = new ArrayList<>();
            entity.fieldNames().forEachRemaining(names::add);
            assertThat(names).as("%s", entity).containsExactlyInAnyOrder("RowKey", "Email");
        }

        RawResponse minimal = SERVERS.http(fixture).get("/" + table.getTableName() + "()?$select=Email",
                "Accept", SignedHttp.MINIMAL);
        assertThat(minimal.json().path("odata.metadata").asText()).endsWith("#" + table.getTableName() + "&$select=Email");
        for (JsonNode entity : minimal.values()) {
            List<String> names = new ArrayList<>();
            entity.fieldNames().forEachRemaining(names::add);
            assertThat(names).as("%s", entity).containsExactlyInAnyOrder("odata.etag", "Email");
        }

        List<TableEntity> viaSdk = list(table, new ListEntitiesOptions().setSelect(List.of("Email"))
                .setFilter("EntityType eq 'Employee'"));
        assertThat(viaSdk).extracting(e -> e.getProperty("Email"))
                .containsExactly("ben@contoso.com", null, "ada@contoso.com", "cy@contoso.com");
        assertThat(viaSdk).allSatisfy(e -> assertThat(customProperties(e)).isSubsetOf("Email"));
    }

    // ---------------------------------------------------------------- plans

    @ParameterizedTest
    @EachStore
    void plansReadOnlyWhatTheFilterAllows(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Plans");
        List<TableEntity> entities = new ArrayList<>();
        for (String rk : List.of("a", "b", "c", "d", "r", "r'q")) {
            entities.add(new TableEntity("p", rk).addProperty("Age", rk.length() * 20 + rk.charAt(0) % 7));
        }
        for (String pk : List.of("o", "pp", "q")) {
            for (int i = 0; i < 4; i++) {
                entities.add(new TableEntity(pk, "r" + i).addProperty("Age", 40 + i));
            }
        }
        load(table, entities);
        int tableSize = entities.size();

        RawResponse point = rawQuery(fixture, table, filter("PartitionKey eq 'p' and RowKey eq 'r'"));
        assertThat(point.plan()).isEqualTo("POINT(pk='p', rk='r')");
        assertThat(point.entitiesRead()).isEqualTo(1);
        assertThat(point.values()).extracting(e -> e.path("RowKey").asText()).containsExactly("r");

        RawResponse quoted = rawQuery(fixture, table, filter("RowKey eq 'r''q' and PartitionKey eq 'p'"));
        assertThat(quoted.plan()).isEqualTo("POINT(pk='p', rk='r''q')");
        assertThat(quoted.values()).extracting(e -> e.path("RowKey").asText()).containsExactly("r'q");

        RawResponse absent = rawQuery(fixture, table, filter("PartitionKey eq 'p' and RowKey eq 'zz'"));
        assertThat(absent.plan()).isEqualTo("POINT(pk='p', rk='zz')");
        assertThat(absent.entitiesRead()).isZero();
        assertThat(absent.values()).isEmpty();

        RawResponse set = rawQuery(fixture, table,
                filter("PartitionKey eq 'p' and (RowKey eq 'b' or RowKey eq 'zz' or RowKey eq 'a')"));
        assertThat(set.plan()).isEqualTo("POINT_SET(pk='p', rk='a', pk='p', rk='b', pk='p', rk='zz')");
        assertThat(set.entitiesRead()).as("the existing points").isEqualTo(2);
        assertThat(set.values()).extracting(e -> e.path("RowKey").asText()).containsExactly("a", "b");

        RawResponse sdkStyle = rawQuery(fixture, table,
                filter("(PartitionKey eq 'q' and RowKey eq 'r1') or (PartitionKey eq 'p' and RowKey eq 'd')"));
        assertThat(sdkStyle.plan()).isEqualTo("POINT_SET(pk='p', rk='d', pk='q', rk='r1')");
        assertThat(sdkStyle.entitiesRead()).isEqualTo(2);
        assertThat(sdkStyle.values()).extracting(e -> e.path("PartitionKey").asText() + "/" + e.path("RowKey").asText())
                .containsExactly("p/d", "q/r1");

        RawResponse partition = rawQuery(fixture, table, filter("PartitionKey eq 'p'"));
        assertThat(partition.plan()).isEqualTo("PARTITION_SCAN(pk='p')");
        assertThat(partition.entitiesRead()).as("the partition, not the table").isEqualTo(6);
        assertThat(partition.entitiesReturned()).isEqualTo(6);

        RawResponse filtered = rawQuery(fixture, table, filter("PartitionKey eq 'p' and Age gt 30"));
        assertThat(filtered.plan()).isEqualTo("PARTITION_SCAN(pk='p') | FILTER Age gt 30");
        assertThat(filtered.entitiesRead()).isEqualTo(6);

        RawResponse range = rawQuery(fixture, table, filter("PartitionKey eq 'p' and RowKey gt 'b' and RowKey le 'd'"));
        assertThat(range.plan()).isEqualTo("RANGE(pk='p', rk=('b'..'d'])");
        assertThat(range.entitiesRead()).isEqualTo(2);

        RawResponse partitions = rawQuery(fixture, table, filter("PartitionKey ge 'p' and PartitionKey lt 'q'"));
        assertThat(partitions.plan()).startsWith("PARTITION_RANGE(");
        assertThat(partitions.entitiesRead()).as("partitions p and pp").isEqualTo(10);
        assertThat(partitions.entitiesReturned()).isEqualTo(10);

        RawResponse scan = rawQuery(fixture, table, filter("Age gt 30"));
        assertThat(scan.plan()).isEqualTo("TABLE_SCAN | FILTER Age gt 30");
        assertThat(scan.entitiesRead()).isEqualTo(tableSize);

        RawResponse everything = rawQuery(fixture, table, "");
        assertThat(everything.plan()).isEqualTo("TABLE_SCAN");
        assertThat(everything.entitiesRead()).isEqualTo(tableSize);

        RawResponse nothing = rawQuery(fixture, table, filter("PartitionKey eq 'p' and PartitionKey eq 'q'"));
        assertThat(nothing.entitiesRead()).isZero();
        assertThat(nothing.values()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void timestampIsFilterableAsADateTime(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Stamped");
        load(table, List.of(new TableEntity("p", "a"), new TableEntity("p", "b")));
        Instant after = Instant.now().plusSeconds(3600);
        String afterText = FilterOracle.dateTimeText(after);
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("Timestamp ge datetime'2000-01-01T00:00:00Z'"))))
                .containsExactly("a", "b");
        assertThat(list(table, new ListEntitiesOptions().setFilter("Timestamp gt datetime'" + afterText + "'"))).isEmpty();
        assertThat(list(table, new ListEntitiesOptions().setFilter("Timestamp eq 'a'"))).as("type mismatch").isEmpty();
        Iterator<TableEntity> it = list(table, new ListEntitiesOptions()).iterator();
        OffsetDateTime stamp = it.next().getTimestamp();
        assertThat(rowKeys(list(table, new ListEntitiesOptions().setFilter("RowKey eq 'a' and Timestamp eq datetime'"
                + FilterOracle.dateTimeText(stamp.toInstant()) + "'")))).containsExactly("a");
    }
}
