package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import io.cerulean.tools.ToolExit;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/** cerulean export: filters, projections, standard output, progress, and endpoints that fail. */
class ExportCommandTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final Pattern KEY = Pattern.compile("AccountKey=([^;]+)");

    @TempDir
    Path dir;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableClient threeRows(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Export");
        table.createEntity(new TableEntity("a", "1").addProperty("N", 1).addProperty("Tag", "x"));
        table.createEntity(new TableEntity("a", "2").addProperty("N", 2).addProperty("Tag", "y"));
        table.createEntity(new TableEntity("b", "1").addProperty("N", 3).addProperty("Tag", "x"));
        return table;
    }

    private static Cli export(ServerFixture fixture, TableClient table, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("export", table.getTableName(), "--no-timestamp",
                "--connection-string", SERVERS.server(fixture).connectionString()));
        args.addAll(List.of(options));
        return Cli.run(args.toArray(String[]::new));
    }

    @ParameterizedTest
    @EachStore
    void aFilterExportsOnlyTheMatchingEntitiesInKeyOrder(ServerFixture fixture) {
        Cli run = export(fixture, threeRows(fixture), "--filter", "Tag eq 'x'", "--quiet");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("{\"PartitionKey\":\"a\",\"RowKey\":\"1\",\"N\":1,\"Tag\":\"x\"}\n"
                + "{\"PartitionKey\":\"b\",\"RowKey\":\"1\",\"N\":3,\"Tag\":\"x\"}\n");
    }

    @ParameterizedTest
    @EachStore
    void selectKeepsTheKeysAndTheNamedProperties(ServerFixture fixture) {
        Cli run = export(fixture, threeRows(fixture), "--select", "Tag", "--quiet", "--format", "csv");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("PartitionKey,RowKey,Tag,Tag@type\na,1,x,Edm.String\na,2,y,Edm.String\nb,1,x,Edm.String\n");
    }

    @ParameterizedTest
    @EachStore
    void aBadFilterIsTheServicesRefusalAndBadUsage(ServerFixture fixture) {
        Cli run = export(fixture, threeRows(fixture), "--filter", "Tag eq", "--quiet");
        assertThat(run.exit()).as(run.toString()).isEqualTo(ToolExit.BAD_USAGE);
        assertThat(run.err()).contains("cerulean export: the service refused the request: 400 InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void progressGoesToStandardErrorAsPlainLinesAndTheDataToStandardOutput(ServerFixture fixture) throws IOException {
        TableClient table = threeRows(fixture);
        Cli toStdout = export(fixture, table);
        assertThat(toStdout.out().lines()).hasSize(3);
        assertThat(toStdout.err()).doesNotContain("\r").contains("export " + table.getTableName() + ": 3 entities, ");

        Path file = dir.resolve("out.jsonl");
        Cli toFile = export(fixture, table, "--output", file.toString());
        assertThat(toFile.exit()).isZero();
        assertThat(toFile.out()).isEmpty();
        assertThat(Files.readString(file)).isEqualTo(toStdout.out());
        assertThat(toFile.err().lines()).last().asString()
                .isEqualTo("exported 3 entities of " + table.getTableName() + " to " + file);
    }

    @ParameterizedTest
    @EachStore
    void quietPrintsOnlyTheOutcome(ServerFixture fixture) throws IOException {
        TableClient table = threeRows(fixture);
        Path file = dir.resolve("quiet.jsonl");
        Cli exported = export(fixture, table, "--output", file.toString(), "--quiet");
        assertThat(exported.err()).isEqualTo("exported 3 entities of " + table.getTableName() + " to " + file + "\n");

        TableClient target = SERVERS.newTable(fixture, "Quiet");
        Cli imported = Cli.run("import", target.getTableName(), file.toString(), "--quiet",
                "--connection-string", SERVERS.server(fixture).connectionString());
        assertThat(imported.err()).isEqualTo("imported 3 entities into " + target.getTableName() + ", 0 rejected\n");
    }

    @ParameterizedTest
    @EachStore
    void aWrongKeyIsExitTwoAndTheKeyIsNotShown(ServerFixture fixture) throws IOException {
        TableClient table = threeRows(fixture);
        String connection = SERVERS.server(fixture).connectionString();
        String wrongKey = Base64.getEncoder().encodeToString(new byte[64]);
        Matcher key = KEY.matcher(connection);
        assertThat(key.find()).isTrue();
        String wrong = connection.replace(key.group(1), wrongKey);
        Path input = dir.resolve("in.jsonl");
        Files.writeString(input, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}\n");

        Cli exported = Cli.run("export", table.getTableName(), "--connection-string", wrong);
        Cli imported = Cli.run("import", table.getTableName(), input.toString(), "--connection-string", wrong);

        for (Cli run : List.of(exported, imported)) {
            assertThat(run.exit()).as(run.toString()).isEqualTo(ToolExit.UNREACHABLE);
            assertThat(run.err()).contains("the endpoint refused the credentials: 403 AuthenticationFailed")
                    .doesNotContain(wrongKey).doesNotContain(key.group(1));
        }
        assertThat(exported.out()).isEmpty();
    }

    @Test
    void anUnreachableEndpointIsExitTwoAndTheKeyIsNotShown() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        String key = Base64.getEncoder().encodeToString("not a real key, but secret all the same".getBytes());
        String connection = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=" + key
                + ";TableEndpoint=http://127.0.0.1:" + closed + "/devstoreaccount1;";
        Path input = dir.resolve("in.jsonl");
        Files.writeString(input, "{\"PartitionKey\":\"p\",\"RowKey\":\"r\"}\n");

        Cli exported = Cli.run("export", "nowhere", "--connection-string", connection, "--quiet");
        Cli imported = Cli.run("import", "nowhere", input.toString(), "--connection-string", connection, "--quiet");

        for (Cli run : List.of(exported, imported)) {
            assertThat(run.exit()).as(run.toString()).isEqualTo(ToolExit.UNREACHABLE);
            assertThat(run.err()).contains("the endpoint could not be reached").doesNotContain(key);
        }
    }

    @Test
    void noEndpointIsBadUsage() {
        Cli run = Cli.run("export", "t", "--connection-string", "");
        assertThat(run.exit()).isEqualTo(ToolExit.BAD_USAGE);
        assertThat(run.err()).contains("cerulean export: no endpoint");
    }
}
