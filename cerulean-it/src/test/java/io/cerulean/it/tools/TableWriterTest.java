package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import io.cerulean.tools.table.Rejection;
import io.cerulean.tools.table.Row;
import io.cerulean.tools.table.Settled;
import io.cerulean.tools.table.TableWriter;
import io.cerulean.tools.table.WriteMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/** The table writer through the SDK against a real server: batching, modes, rejected rows, stopping. */
class TableWriterTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    /** What a writer reported, gathered from its sending threads. */
    static final class Recorder implements TableWriter.Listener {
        final List<Settled> settled = Collections.synchronizedList(new ArrayList<>());
        final Map<Long, Rejection> rejected = Collections.synchronizedMap(new TreeMap<>());

        @Override
        public void rejected(Row row, Rejection why) {
            rejected.put(row.position(), why);
        }

        @Override
        public void settled(Settled batch) {
            settled.add(batch);
        }

        long written() {
            return settled.stream().mapToLong(s -> s.written().size()).sum();
        }
    }

    private static TableEntity entity(String pk, int i) {
        return new TableEntity(pk, String.format("r%05d", i)).addProperty("N", i);
    }

    @ParameterizedTest
    @EachStore
    void unsortedRowsOfManyPartitionsAreAllWrittenInSinglePartitionBatchesOfAtMost100(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Writer");
        Recorder recorder = new Recorder();
        try (TableWriter writer = new TableWriter(table, WriteMode.INSERT, 4, recorder)) {
            int line = 0;
            for (int i = 0; i < 250; i++) {
                writer.write(entity("a", i), ++line);
            }
            for (int i = 0; i < 30; i++) {
                writer.write(entity(i % 2 == 0 ? "b" : "c", i), ++line);
            }
            for (int i = 250; i < 260; i++) {
                writer.write(entity("a", i), ++line);
            }
            writer.flush();
        }
        assertThat(recorder.rejected).isEmpty();
        assertThat(recorder.written()).isEqualTo(290);
        assertThat(recorder.settled).allSatisfy(batch -> {
            assertThat(batch.written()).hasSizeLessThanOrEqualTo(100);
            assertThat(batch.written().stream().map(Row::partitionKey).distinct()).hasSize(1);
        });
        assertThat(table.listEntities().stream().count()).isEqualTo(290);
    }

    @ParameterizedTest
    @EachStore
    void insertRejectsTheRowsThatExistWithEntityAlreadyExistsAndWritesTheRestOfTheirBatches(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Writer");
        table.createEntity(entity("p", 5).addProperty("Old", true));
        table.createEntity(entity("p", 99).addProperty("Old", true));
        table.createEntity(entity("p", 150).addProperty("Old", true));
        Recorder recorder = new Recorder();
        try (TableWriter writer = new TableWriter(table, WriteMode.INSERT, 2, recorder)) {
            for (int i = 0; i < 200; i++) {
                writer.write(entity("p", i), 1000 + i);
            }
            writer.flush();
        }
        assertThat(recorder.rejected).containsOnlyKeys(1005L, 1099L, 1150L);
        assertThat(recorder.rejected.values()).allSatisfy(why -> {
            assertThat(why.status()).isEqualTo(409);
            assertThat(why.errorCode()).isEqualTo("EntityAlreadyExists");
            assertThat(why.message()).isNotEmpty().doesNotStartWith("5:");
        });
        assertThat(recorder.written()).isEqualTo(197);
        assertThat(recorder.settled).allSatisfy(batch ->
                assertThat(batch.rejected()).allSatisfy(row -> assertThat(recorder.rejected).containsKey(row.position())));
        assertThat(table.listEntities().stream().count()).isEqualTo(200);
        assertThat(table.getEntity("p", "r00099").getProperty("Old")).isEqualTo(true);
    }

    @ParameterizedTest
    @EachStore
    void mergeKeepsOtherPropertiesAndReplaceDropsThem(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Writer");
        table.createEntity(new TableEntity("p", "m").addProperty("Kept", "yes").addProperty("N", 1));
        table.createEntity(new TableEntity("p", "r").addProperty("Kept", "yes").addProperty("N", 1));
        Recorder recorder = new Recorder();
        try (TableWriter writer = new TableWriter(table, WriteMode.MERGE, 1, recorder)) {
            writer.write(new TableEntity("p", "m").addProperty("N", 2), 1);
            writer.flush();
        }
        try (TableWriter writer = new TableWriter(table, WriteMode.REPLACE, 1, recorder)) {
            writer.write(new TableEntity("p", "r").addProperty("N", 2), 2);
            writer.flush();
        }
        TableEntity merged = table.getEntity("p", "m");
        assertThat(merged.getProperty("Kept")).isEqualTo("yes");
        assertThat(merged.getProperty("N")).isEqualTo(2);
        TableEntity replaced = table.getEntity("p", "r");
        assertThat(replaced.getProperties()).doesNotContainKey("Kept");
        assertThat(replaced.getProperty("N")).isEqualTo(2);
        assertThat(recorder.rejected).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void aRowKeyRepeatedInARunGoesInTheNextBatchSoTheLaterRowWins(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Writer");
        Recorder recorder = new Recorder();
        try (TableWriter writer = new TableWriter(table, WriteMode.REPLACE, 1, recorder)) {
            writer.write(new TableEntity("p", "a").addProperty("V", 1), 1);
            writer.write(new TableEntity("p", "b").addProperty("V", 1), 2);
            writer.write(new TableEntity("p", "a").addProperty("V", 2), 3);
            writer.flush();
        }
        assertThat(recorder.rejected).isEmpty();
        assertThat(recorder.settled).hasSize(2);
        assertThat(table.getEntity("p", "a").getProperty("V")).isEqualTo(2);
    }

    @ParameterizedTest
    @EachStore
    void aMissingTableStopsTheWriterWithNothingSettled(ServerFixture fixture) {
        TableClient table = SERVERS.service(fixture).getTableClient(SharedServers.uniqueTableName("Missing"));
        Recorder recorder = new Recorder();
        try (TableWriter writer = new TableWriter(table, WriteMode.INSERT, 2, recorder)) {
            for (int i = 0; i < 10; i++) {
                writer.write(entity("p", i), i);
            }
            assertThatThrownBy(writer::flush).isInstanceOf(TableWriter.Failed.class)
                    .hasMessageContaining("TableNotFound");
        }
        assertThat(recorder.settled).isEmpty();
        assertThat(recorder.rejected).isEmpty();
    }
}
