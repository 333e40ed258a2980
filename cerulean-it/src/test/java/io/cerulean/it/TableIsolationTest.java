package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.support.SharedServers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** Tables, partitions and keys that share prefixes stay apart (store key layouts must not blur them). */
class TableIsolationTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static List<String> keys(Iterable<TableEntity> entities) {
        List<String> keys = new ArrayList<>();
        entities.forEach(e -> keys.add(e.getPartitionKey() + "|" + e.getRowKey()));
        return keys;
    }

    @ParameterizedTest
    @EachStore
    void tablesWhoseNamesArePrefixesOfEachOtherKeepTheirOwnEntities(ServerFixture fixture) {
        TableServiceClient service = SERVERS.service(fixture);
        String name = SharedServers.uniqueTableName("Pre");
        TableClient shortOne = service.createTable(name);
        TableClient longOne = service.createTable(name + "a");
        shortOne.createEntity(new TableEntity("p", "short"));
        longOne.createEntity(new TableEntity("p", "long"));
        assertThat(keys(shortOne.listEntities())).containsExactly("p|short");
        assertThat(keys(longOne.listEntities())).containsExactly("p|long");
        service.deleteTable(name);
        assertThat(keys(longOne.listEntities())).containsExactly("p|long");
        assertThat(keys(service.createTable(name).listEntities())).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void keysThatConcatenateAlikeAreDistinctEntities(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Concat");
        List<String[]> pairs = List.of(new String[] {"a", "bc"}, new String[] {"ab", "c"}, new String[] {"abc", ""},
                new String[] {"", "abc"}, new String[] {"a", "b"}, new String[] {"a b", ""}, new String[] {"a", " b"});
        for (String[] pair : pairs) {
            table.createEntity(new TableEntity(pair[0], pair[1]).addProperty("Id", pair[0] + "|" + pair[1]));
        }
        for (String[] pair : pairs) {
            assertThat(table.getEntity(pair[0], pair[1]).getProperty("Id")).isEqualTo(pair[0] + "|" + pair[1]);
        }
        assertThat(keys(table.listEntities())).containsExactly("|abc", "a| b", "a|b", "a|bc", "a b|", "ab|c", "abc|");
        var partitionA = new ListEntitiesOptions().setFilter("PartitionKey eq 'a'");
        assertThat(keys(table.listEntities(partitionA, null, null))).containsExactly("a| b", "a|b", "a|bc");
        var prefix = new ListEntitiesOptions().setFilter("PartitionKey ge 'a' and PartitionKey lt 'ab'");
        assertThat(keys(table.listEntities(prefix, null, null))).containsExactly("a| b", "a|b", "a|bc", "a b|");
    }

    @ParameterizedTest
    @EachStore
    void deletingAPartitionsEntitiesLeavesNeighbouringPartitionsAlone(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Neigh");
        for (String pk : List.of("p", "p0", "pp", "o")) {
            for (int i = 0; i < 3; i++) {
                table.createEntity(new TableEntity(pk, "r" + i));
            }
        }
        for (int i = 0; i < 3; i++) {
            table.deleteEntity("p", "r" + i);
        }
        assertThat(keys(table.listEntities())).containsExactly("o|r0", "o|r1", "o|r2", "p0|r0", "p0|r1", "p0|r2",
                "pp|r0", "pp|r1", "pp|r2");
    }
}
