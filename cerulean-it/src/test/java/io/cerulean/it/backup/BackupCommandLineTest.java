package io.cerulean.it.backup;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cerulean backup} and {@code cerulean restore} as scripts run them: what they refuse (and
 * that a refusal changes nothing), their exit codes, and what they print with and without a
 * terminal.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class BackupCommandLineTest {
    private static final int OK = 0;
    private static final int BAD_BACKUP = 3;
    private static final int BAD_USAGE = 4;
    private static final int REFUSED = 6;

    @TempDir
    Path temp;

    /**
     * A restore into the directory of a running server is refused, even with --force and even when
     * its control socket is gone (RocksDB's lock is held), and so is one into a stopped server's
     * directory that is not empty, without --force: the server's data is as it was. With --force it
     * is replaced, and a server started on it serves the backup.
     */
    @Test
    void aRestoreIntoADirectoryInUseOrNotEmptyIsRefusedAndChangesNothing() throws Exception {
        Path backup = temp.resolve("backup");
        try (Processes.Server server = Processes.serve(temp.resolve("source"))) {
            insert(server, "backedup", "a");
            assertThat(Processes.run("backup", backup.toString(), "--data-dir", temp.resolve("source").toString())
                    .code()).isEqualTo(OK);
            server.stop();
        }
        Path data = temp.resolve("data");
        try (Processes.Server server = Processes.serve(data)) {
            insert(server, "mine", "m");
            Processes.Exited running = Processes.run("restore", backup.toString(), "--data-dir", data.toString(), "--force");
            assertThat(running.code()).as("%s", running).isEqualTo(REFUSED);
            assertThat(running.stderr()).contains("a server is running on " + data.toAbsolutePath());
            Files.delete(data.resolve("control.sock"));
            Processes.Exited locked = Processes.run("restore", backup.toString(), "--data-dir", data.toString(), "--force");
            assertThat(locked.code()).as("%s", locked).isEqualTo(REFUSED);
            assertThat(locked.stderr()).contains("in use by another process");
            assertThat(tables(server)).containsExactly("mine");
            server.stop();
        }
        Map<String, Long> before = listing(data);
        Processes.Exited notEmpty = Processes.run("restore", backup.toString(), "--data-dir", data.toString());
        assertThat(notEmpty.code()).as("%s", notEmpty).isEqualTo(REFUSED);
        assertThat(notEmpty.stderr()).contains("is not empty", "--force");
        assertThat(listing(data)).isEqualTo(before);

        Processes.Exited forced = Processes.run("restore", backup.toString(), "--data-dir", data.toString(), "--force");
        assertThat(forced.code()).as("%s", forced).isEqualTo(OK);
        try (Processes.Server server = Processes.serve(data)) {
            assertThat(tables(server)).containsExactly("backedup");
            assertThat(table(server, "backedup").getEntity("p", "a").getProperty("V")).isEqualTo("a");
            server.stop();
        }
    }

    /**
     * A server killed with {@code kill -9} leaves its socket file behind: a backup then finds no
     * server on it and takes the backup directly, and the next server to start replaces the file
     * and answers on it.
     */
    @Test
    void aKilledServersSocketIsReplacedAtTheNextStart() throws Exception {
        Path data = temp.resolve("data");
        try (Processes.Server server = Processes.serve(data)) {
            insert(server, "tbl", "a");
        } // killed
        assertThat(data.resolve("control.sock")).exists();
        Processes.Exited direct = Processes.run("backup", temp.resolve("direct").toString(), "--data-dir", data.toString());
        assertThat(direct.code()).as("%s", direct).isEqualTo(OK);
        assertThat(direct.stderr()).contains("no server runs on");
        try (Processes.Server server = Processes.serve(data)) {
            Processes.Exited online = Processes.run("backup", temp.resolve("online").toString(), "--data-dir",
                    data.toString());
            assertThat(online.code()).as("%s\n%s", online, server.output()).isEqualTo(OK);
            assertThat(online.stderr()).doesNotContain("no server runs on");
            server.stop();
        }
        assertThat(data.resolve("control.sock")).as("removed by a clean stop").doesNotExist();
    }

    /** A backup without its manifest (interrupted before its last step) is refused, and nothing is made. */
    @Test
    void anIncompleteBackupIsRefused() throws Exception {
        Path data = temp.resolve("data");
        Path backup = temp.resolve("backup");
        try (Processes.Server server = Processes.serve(data)) {
            insert(server, "tbl", "a");
            assertThat(Processes.run("backup", backup.toString(), "--data-dir", data.toString()).code()).isEqualTo(OK);
            server.stop();
        }
        Files.delete(backup.resolve("cerulean-backup.json"));
        Path restored = temp.resolve("restored");
        Processes.Exited refused = Processes.run("restore", backup.toString(), "--data-dir", restored.toString());
        assertThat(refused.code()).as("%s", refused).isEqualTo(BAD_BACKUP);
        assertThat(refused.stderr()).contains("has no cerulean-backup.json", "did not finish");
        assertThat(restored).doesNotExist();
    }

    /** On Cassandra the data is the cluster's: both commands refuse, and say what to do instead. */
    @Test
    void onCassandraBothCommandsRefuseAndPointAtNodetoolSnapshot() throws Exception {
        Path backup = temp.resolve("backup");
        Processes.Exited flag = Processes.run("backup", backup.toString(), "--store", "cassandra");
        assertThat(flag.code()).as("%s", flag).isEqualTo(REFUSED);
        assertThat(flag.stderr()).contains("nodetool snapshot", "cerulean copy");
        Processes.Exited variable = Processes.run(Map.of("CERULEAN_STORE", "cassandra"), "restore", backup.toString(),
                "--data-dir", temp.resolve("data").toString());
        assertThat(variable.code()).as("%s", variable).isEqualTo(REFUSED);
        assertThat(variable.stderr()).contains("nodetool snapshot");
        assertThat(backup).doesNotExist();
        assertThat(temp.resolve("data")).doesNotExist();
    }

    /**
     * Exit codes: a malformed command line, no server and no data directory, a backup directory
     * that is not empty; a backup with no server running is taken directly; --help lists the codes.
     */
    @Test
    void exitCodesTellScriptsWhatHappened() throws Exception {
        assertThat(Processes.run("backup").code()).isEqualTo(BAD_USAGE);
        assertThat(Processes.run("restore", temp.resolve("b").toString()).code()).as("no --data-dir").isEqualTo(BAD_USAGE);
        Processes.Exited none = Processes.run("backup", temp.resolve("b").toString(), "--data-dir",
                temp.resolve("nothing").toString());
        assertThat(none.code()).as("%s", none).isEqualTo(REFUSED);
        assertThat(none.stderr()).contains("no server answers", "is not a Cerulean data directory");
        assertThat(temp.resolve("nothing")).doesNotExist();

        Path data = temp.resolve("data");
        try (Processes.Server server = Processes.serve(data)) {
            insert(server, "offline", "a");
            server.stop();
        }
        Files.createDirectories(temp.resolve("taken"));
        Files.writeString(temp.resolve("taken").resolve("file"), "mine");
        Processes.Exited taken = Processes.run("backup", temp.resolve("taken").toString(), "--data-dir", data.toString());
        assertThat(taken.code()).as("%s", taken).isEqualTo(REFUSED);
        assertThat(listing(temp.resolve("taken"))).containsOnlyKeys("file 4");

        Processes.Exited offline = Processes.run("backup", temp.resolve("b").toString(), "--data-dir", data.toString());
        assertThat(offline.code()).as("%s", offline).isEqualTo(OK);
        assertThat(offline.stderr()).contains("no server runs on");
        Processes.Exited restored = Processes.run("restore", temp.resolve("b").toString(), "--data-dir",
                temp.resolve("restored").toString());
        assertThat(restored.code()).as("%s", restored).isEqualTo(OK);
        try (Processes.Server server = Processes.serve(temp.resolve("restored"))) {
            assertThat(tables(server)).containsExactly("offline");
            server.stop();
        }

        Processes.Exited help = Processes.run("backup", "--help");
        assertThat(help.stdout()).contains("Exit codes:", "  6 ", "  5 ", "  4 ");
        assertThat(Processes.run("restore", "--help").stdout()).contains("Exit codes:", "  3 ", "--force");
    }

    /**
     * Without a terminal, progress is plain lines (none redrawn in place), then the outcome; with
     * --quiet, the outcome alone. Both on standard error, nothing on standard output.
     */
    @Test
    void progressIsPlainLinesWithoutATerminalAndQuietSaysOnlyTheOutcome() throws Exception {
        Path data = temp.resolve("data");
        try (Processes.Server server = Processes.serve(data)) {
            insert(server, "tbl", "a");
            Processes.Exited plain = Processes.run("backup", temp.resolve("plain").toString(), "--data-dir",
                    data.toString());
            assertThat(plain.code()).as("%s", plain).isEqualTo(OK);
            assertThat(plain.stdout()).isEmpty();
            List<String> lines = plain.stderr().lines().toList();
            assertThat(lines).as("%s", plain).noneMatch(String::isBlank);
            assertThat(lines.get(lines.size() - 2)).matches("backup: (\\d+)/\\1 files, .* files/s, .*/s");
            assertThat(lines.get(lines.size() - 1)).startsWith("backed up " + data.toAbsolutePath() + " as of ");

            Processes.Exited quiet = Processes.run("backup", temp.resolve("quiet").toString(), "--data-dir",
                    data.toString(), "--quiet");
            assertThat(quiet.code()).as("%s", quiet).isEqualTo(OK);
            assertThat(quiet.stdout()).isEmpty();
            assertThat(quiet.stderr().lines()).singleElement().asString().startsWith("backed up ");
            Processes.Exited restore = Processes.run("restore", temp.resolve("quiet").toString(), "--data-dir",
                    temp.resolve("restored").toString(), "-q");
            assertThat(restore.code()).as("%s", restore).isEqualTo(OK);
            assertThat(restore.stderr().lines()).singleElement().asString().startsWith("restored the backup of ");
            server.stop();
        }
    }

    private static void insert(Processes.Server server, String table, String row) {
        TableClient client = table(server, table);
        client.createTable();
        client.createEntity(new TableEntity("p", row).addProperty("V", row));
    }

    private static TableClient table(Processes.Server server, String table) {
        return new TableClientBuilder().connectionString(server.connectionString()).tableName(table).buildClient();
    }

    private static List<String> tables(Processes.Server server) {
        return new TableServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .listTables().stream().map(t -> t.getName()).sorted().toList();
    }

    /** Every file under {@code dir}, with its size and modification time. */
    private static Map<String, Long> listing(Path dir) throws IOException {
        Map<String, Long> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                files.put(dir.relativize(file) + " " + Files.size(file), Files.getLastModifiedTime(file).toMillis());
            }
        }
        return files;
    }
}
