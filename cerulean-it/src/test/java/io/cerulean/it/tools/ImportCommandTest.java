package io.cerulean.it.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import io.cerulean.tools.ToolExit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/** cerulean import: modes, rejected rows, malformed input, resuming. */
class ImportCommandTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @TempDir
    Path dir;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private Path file(String name, List<String> lines) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    private static String row(String pk, String rk, String properties) {
        return "{\"PartitionKey\":\"" + pk + "\",\"RowKey\":\"" + rk + "\"" + (properties.isEmpty() ? "" : "," + properties) + "}";
    }

    private static Cli importInto(ServerFixture fixture, TableClient table, Path file, String... options) {
        List<String> args = new ArrayList<>(List.of("import", table.getTableName(), file.toString(), "--quiet",
                "--connection-string", SERVERS.server(fixture).connectionString()));
        args.addAll(List.of(options));
        return Cli.run(args.toArray(String[]::new));
    }

    @ParameterizedTest
    @EachStore
    void insertReportsTheRowsThatExistAsRejectedAndImportsTheRest(ServerFixture fixture) throws IOException {
        TableClient table = SERVERS.newTable(fixture, "Insert");
        table.createEntity(new TableEntity("p", "r2").addProperty("Old", true));
        Path input = file("rows.jsonl", List.of(row("p", "r1", "\"N\":1"), row("p", "r2", "\"N\":2"), row("p", "r3", "\"N\":3")));

        Cli run = importInto(fixture, table, input);

        assertThat(run.exit()).as(run.toString()).isEqualTo(ToolExit.SOME_FAILED);
        assertThat(run.err()).contains("imported 2 entities into " + table.getTableName() + ", 1 rejected (see ");
        assertThat(table.getEntity("p", "r1").getProperty("N")).isEqualTo(1);
        assertThat(table.getEntity("p", "r3").getProperty("N")).isEqualTo(3);
        assertThat(table.getEntity("p", "r2").getProperties()).containsEntry("Old", true).doesNotContainKey("N");
        assertThat(Files.readAllLines(dir.resolve("rows.jsonl.rejects.jsonl"))).singleElement().asString()
                .startsWith("{\"line\":2,\"PartitionKey\":\"p\",\"RowKey\":\"r2\",\"status\":409,\"code\":\"EntityAlreadyExists\",\"message\":\"")
                .doesNotContain("RequestId");
        assertThat(dir.resolve("rows.jsonl.cerulean-import")).doesNotExist();
    }

    @ParameterizedTest
    @EachStore
    void mergeKeepsOtherPropertiesAndReplaceDropsThem(ServerFixture fixture) throws IOException {
        TableClient table = SERVERS.newTable(fixture, "Modes");
        table.createEntity(new TableEntity("p", "m").addProperty("Kept", "yes").addProperty("N", 1));
        table.createEntity(new TableEntity("p", "r").addProperty("Kept", "yes").addProperty("N", 1));

        Cli merge = importInto(fixture, table, file("merge.jsonl", List.of(row("p", "m", "\"N\":2"))), "--mode", "merge");
        Cli replace = importInto(fixture, table, file("replace.jsonl", List.of(row("p", "r", "\"N\":2"))), "--mode", "replace");

        assertThat(merge.exit()).as(merge.toString()).isZero();
        assertThat(replace.exit()).as(replace.toString()).isZero();
        assertThat(table.getEntity("p", "m").getProperties()).containsEntry("Kept", "yes").containsEntry("N", 2);
        assertThat(table.getEntity("p", "r").getProperties()).doesNotContainKey("Kept").containsEntry("N", 2);
    }

    @ParameterizedTest
    @EachStore
    void aMalformedLineIsARejectedRowWithItsLineNumber(ServerFixture fixture) throws IOException {
        TableClient table = SERVERS.newTable(fixture, "Malformed");
        Path input = file("mixed.jsonl", List.of(row("p", "a", ""), "{\"PartitionKey\":\"p\",\"RowKey\":", "",
                row("p", "b", "\"N\":\"x\",\"N@odata.type\":\"Edm.Int64\""), row("p", "c", "\"Deep\":{\"x\":1}"),
                "{\"RowKey\":\"nopk\"}", row("p", "d", "")));

        Cli run = importInto(fixture, table, input);

        assertThat(run.exit()).as(run.toString()).isEqualTo(ToolExit.SOME_FAILED);
        assertThat(run.err()).contains("imported 2 entities", "4 rejected");
        List<String> rejects = Files.readAllLines(dir.resolve("mixed.jsonl.rejects.jsonl"));
        assertThat(rejects).hasSize(4);
        assertThat(rejects.get(0)).startsWith("{\"line\":2,\"status\":400,\"code\":\"InvalidInput\",\"message\":\"not a JSON entity:");
        assertThat(rejects.get(1)).startsWith("{\"line\":4,").contains("N: not an Edm.Int64: x");
        assertThat(rejects.get(2)).startsWith("{\"line\":5,");
        assertThat(rejects.get(3)).startsWith("{\"line\":6,").contains("no PartitionKey");
        assertThat(table.listEntities().stream().map(TableEntity::getRowKey)).containsExactly("a", "d");
    }

    @ParameterizedTest
    @EachStore
    void anInterruptedImportResumesWithTheRestOnly(ServerFixture fixture) throws IOException {
        TableClient table = SERVERS.newTable(fixture, "Resume");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            lines.add(row("p" + i / 100, String.format("r%04d", i), "\"N\":" + i));
        }
        Path input = file("big.jsonl", lines);
        Path journal = dir.resolve("big.jsonl.cerulean-import");

        Cli first = importInto(fixture, table, input, "--parallel", "2", "--stop-after-batches", "3");

        assertThat(first.exit()).as(first.toString()).isEqualTo(ToolExit.INCOMPLETE);
        assertThat(first.err()).contains("run the same command again to resume");
        assertThat(journal).exists();
        long written = table.listEntities().stream().count();
        assertThat(written).isBetween(300L, 900L);
        assertThat(Files.readAllLines(journal)).hasSize(1 + (int) (written / 100));

        Cli second = importInto(fixture, table, input, "--parallel", "2");

        // Insert mode: a row sent again would come back as EntityAlreadyExists.
        assertThat(second.exit()).as(second.toString()).isZero();
        assertThat(second.err()).contains("resuming the import of " + input + " into " + table.getTableName()
                + ": " + written + " input lines were settled before")
                .contains("imported " + String.format("%,d", 1_000 - written) + " entities");
        assertThat(table.listEntities().stream().count()).isEqualTo(1_000);
        assertThat(journal).doesNotExist();
        assertThat(dir.resolve("big.jsonl.rejects.jsonl")).doesNotExist();
    }

    @ParameterizedTest
    @EachStore
    void aJournalOfAnotherImportIsNotResumed(ServerFixture fixture) throws IOException {
        TableClient table = SERVERS.newTable(fixture, "Other");
        Path input = file("rows.jsonl", List.of(row("p", "a", "")));
        Files.writeString(dir.resolve("rows.jsonl.cerulean-import"), "cerulean-import 1 elsewhere insert jsonl\n1-1\n");

        Cli run = importInto(fixture, table, input);

        assertThat(run.exit()).isEqualTo(ToolExit.BAD_USAGE);
        assertThat(run.err()).contains("is the journal of another import");
        assertThat(table.listEntities().stream().count()).isZero();
    }

    @ParameterizedTest
    @EachStore
    void storageExplorersCsvImportsWithItsTypes(ServerFixture fixture) throws IOException {
        TableClient table = SERVERS.newTable(fixture, "Explorer");
        Path input = dir.resolve("explorer.typed.csv");
        Files.writeString(input, "\uFEFFPartitionKey,RowKey,Timestamp,Age,Age@type,Big,Big@type,Name,Name@type,When,When@type,Note\r\n"
                + "p,1,2024-01-02T03:04:05.678Z,42,Edm.Int32,9007199254740993,Edm.Int64,\"Ada, \"\"the first\"\"\",Edm.String,"
                + "1815-12-10T00:00:00Z,Edm.DateTime,plain\r\n"
                + "p,2,2024-01-02T03:04:05.678Z,7,Int32,,,,,,,\r\n", StandardCharsets.UTF_8);

        Cli run = importInto(fixture, table, input);

        assertThat(run.exit()).as(run.toString()).isZero();
        TableEntity first = table.getEntity("p", "1");
        assertThat(first.getProperty("Age")).isEqualTo(42);
        assertThat(first.getProperty("Big")).isEqualTo(9_007_199_254_740_993L);
        assertThat(first.getProperty("Name")).isEqualTo("Ada, \"the first\"");
        assertThat(first.getProperty("When")).hasToString("1815-12-10T00:00Z");
        assertThat(first.getProperty("Note")).isEqualTo("plain");
        TableEntity second = table.getEntity("p", "2");
        assertThat(second.getProperty("Age")).isEqualTo(7);
        assertThat(second.getProperties()).doesNotContainKeys("Big", "Name", "When", "Note");
    }

    @ParameterizedTest
    @EachStore
    void aMissingTableIsCreatedOnlyWhenAsked(ServerFixture fixture) throws IOException {
        String name = SharedServers.uniqueTableName("Created");
        TableClient table = SERVERS.service(fixture).getTableClient(name);
        Path input = file("one.jsonl", List.of(row("p", "a", "")));

        Cli refused = importInto(fixture, table, input);
        Cli created = importInto(fixture, table, input, "--create-table");

        assertThat(refused.exit()).isEqualTo(ToolExit.BAD_USAGE);
        assertThat(refused.err()).contains("table " + name + " does not exist (--create-table creates it)");
        assertThat(created.exit()).as(created.toString()).isZero();
        assertThat(table.getEntity("p", "a")).isNotNull();
    }

    @ParameterizedTest
    @EachStore
    void anUnreadableInputIsExitThree(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Unreadable");
        Cli run = importInto(fixture, table, dir.resolve("missing.jsonl"));
        assertThat(run.exit()).isEqualTo(ToolExit.BAD_INPUT);
        assertThat(run.err()).contains("cannot read");
    }
}
