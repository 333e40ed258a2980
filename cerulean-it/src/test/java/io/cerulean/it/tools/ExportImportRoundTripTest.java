package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/** Export then import gives the same table back, and exporting that gives the same bytes. */
class ExportImportRoundTripTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @TempDir
    Path dir;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableClient tableOfEveryType(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Types");
        Entities.everyType().forEach(table::createEntity);
        return table;
    }

    private void assertRoundTrip(ServerFixture fixture, String extension, String format) throws IOException {
        String connection = SERVERS.server(fixture).connectionString();
        TableClient source = tableOfEveryType(fixture);
        Path first = dir.resolve("first." + extension);
        Path second = dir.resolve("second." + extension);
        String target = SharedServers.uniqueTableName("Copy");

        Cli exported = Cli.run("export", source.getTableName(), "--output", first.toString(), "--format", format,
                "--no-timestamp", "--connection-string", connection);
        assertThat(exported.exit()).as(exported.toString()).isZero();
        Cli imported = Cli.run("import", target, first.toString(), "--create-table", "--connection-string", connection);
        assertThat(imported.exit()).as(imported.toString()).isZero();
        assertThat(imported.err()).contains("imported 4 entities into " + target + ", 0 rejected");
        Cli again = Cli.run("export", target, "--output", second.toString(), "--format", format, "--no-timestamp",
                "--connection-string", connection);
        assertThat(again.exit()).as(again.toString()).isZero();

        TableClient copy = SERVERS.service(fixture).getTableClient(target);
        assertThat(Entities.contents(copy)).isEqualTo(Entities.contents(source));
        assertThat(Entities.contents(copy).get("partition,\"one\"|row 1")).hasSize(31);
        assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));
        assertThat(Files.exists(dir.resolve("first." + extension + ".cerulean-import"))).isFalse();
        assertThat(Files.exists(dir.resolve("first." + extension + ".rejects.jsonl"))).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void everyEdmTypeRoundTripsThroughJsonLinesToTheSameBytes(ServerFixture fixture) throws IOException {
        assertRoundTrip(fixture, "jsonl", "jsonl");
        List<String> lines = Files.readAllLines(dir.resolve("first.jsonl"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(4);
        // PartitionKey order, as the service returns it: ' ' before ','.
        assertThat(lines.get(0)).isEqualTo("{\"PartitionKey\":\"partition two\",\"RowKey\":\"\",\"Empty\":\"not empty\"}");
        String line = lines.get(2);
        assertThat(line).startsWith("{\"PartitionKey\":\"partition,\\\"one\\\"\",\"RowKey\":\"row 1\",")
                .contains("\"Int64Beyond53@odata.type\":\"Edm.Int64\",\"Int64Beyond53\":\"9007199254740993\"")
                .contains("\"DoubleNaN@odata.type\":\"Edm.Double\",\"DoubleNaN\":\"NaN\"")
                .contains("\"DoubleIntegral@odata.type\":\"Edm.Double\",\"DoubleIntegral\":20.0")
                .contains("\"DoubleNegZero@odata.type\":\"Edm.Double\",\"DoubleNegZero\":-0.0")
                .contains("\"DoublePi\":3.141592653589793,")
                .contains("\"DateTicks@odata.type\":\"Edm.DateTime\",\"DateTicks\":\"2021-10-15T16:13:10.7791241Z\"")
                .contains("\"Int32Min\":-2147483648,")
                .doesNotContain("Timestamp");
    }

    @ParameterizedTest
    @EachStore
    void everyEdmTypeRoundTripsThroughTypedCsvToTheSameBytes(ServerFixture fixture) throws IOException {
        assertRoundTrip(fixture, "csv", "csv");
        String header = Files.readAllLines(dir.resolve("first.csv"), StandardCharsets.UTF_8).get(0);
        assertThat(header).startsWith("PartitionKey,RowKey,BinaryEmpty,BinaryEmpty@type,BinaryLarge,BinaryLarge@type,")
                .contains(",Int64Max,Int64Max@type,");
        assertThat(Files.readString(dir.resolve("first.csv"))).contains(",9223372036854775807,Edm.Int64,")
                .contains(",NaN,Edm.Double,");
    }

    @ParameterizedTest
    @EachStore
    void theTimestampIsExportedUnlessLeftOut(ServerFixture fixture) throws IOException {
        String connection = SERVERS.server(fixture).connectionString();
        TableClient source = SERVERS.newTable(fixture, "Stamp");
        source.createEntity(new TableEntity("p", "r").addProperty("N", 1));
        Cli jsonl = Cli.run("export", source.getTableName(), "--connection-string", connection);
        assertThat(jsonl.exit()).as(jsonl.toString()).isZero();
        assertThat(jsonl.out()).matches("\\{\"PartitionKey\":\"p\",\"RowKey\":\"r\",\"Timestamp@odata.type\":\"Edm.DateTime\","
                + "\"Timestamp\":\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{7}Z\",\"N\":1}\n");
        Cli csv = Cli.run("export", source.getTableName(), "--format", "csv", "--connection-string", connection);
        assertThat(csv.out()).startsWith("PartitionKey,RowKey,Timestamp,N,N@type\np,r,").endsWith(",1,Edm.Int32\n");
    }
}
