package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cerulean} as a service manager (systemd, Docker, Kubernetes) or a person at a terminal
 * meets it: how it stops, what a failed start leaves, usage and help, messages that say why.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ServiceManagerTest {
    @TempDir
    Path temp;

    @Test
    void sigtermStopsCleanlyAndExitsZero() {
        Path dataDir = temp.resolve("cerulean-sm-data");
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(dataDir).start()) {
            server.serviceClient().createTable("kept");

            ServerProcess.Exited exited = server.terminate(ServerProcess.EXIT_TIMEOUT);

            assertThat(exited.code()).as("exit status after SIGTERM%s", server.describe()).isZero();
            assertThat(exited.output()).contains("stopped").doesNotContain("\tat ");
        }
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).start()) {
            assertThat(server.serviceClient().listTables()).extracting(t -> t.getName()).containsExactly("kept");
        }
    }

    @Test
    void aStartThatFailsLeavesNoDataDirectoryItDidNotFindAndKeepsOneItFound() throws IOException {
        Path created = temp.resolve("cerulean-sm-new");
        Path found = Files.createDirectory(temp.resolve("cerulean-sm-found"));
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            ServerProcess.Exited first = ServerProcess.launch().dataDir(created).port(taken.getLocalPort()).run();
            ServerProcess.Exited second = ServerProcess.launch().dataDir(found).port(taken.getLocalPort()).run();

            assertThat(first.code()).as("port taken%s", first.output()).isEqualTo(2);
            assertThat(created).as("a data directory the failed start created").doesNotExist();
            assertThat(second.code()).as("port taken%s", second.output()).isEqualTo(2);
            assertThat(found).as("a data directory that was there before").isDirectory();
        }
    }

    @Test
    void bareCeruleanPrintsUsageOnStandardErrorAndExitsNonZero() {
        ServerProcess.Exited exited = ServerProcess.launch().viaExecutable().command().run();

        assertThat(exited.code()).as("exit status%s", exited.output()).isEqualTo(4);
        assertThat(exited.stderr()).contains("Usage: cerulean").contains("serve").contains("bench").contains("help");
    }

    @Test
    void helpListsTheCommandsAndHelpServeItsOptions() {
        ServerProcess.Exited help = ServerProcess.launch().viaExecutable().command("help").run();
        ServerProcess.Exited serve = ServerProcess.launch().viaExecutable().command("help", "serve").run();

        assertThat(help.code()).as("exit status%s", help.output()).isZero();
        assertThat(help.output()).contains("Usage: cerulean").contains("serve").contains("bench");
        assertThat(serve.code()).as("exit status%s", serve.output()).isZero();
        assertThat(serve.output()).contains("Usage: cerulean serve").contains("--data-dir").contains("--request-log");
    }

    @Test
    void aDataDirectoryThatCannotBeCreatedSaysWhy() {
        ServerProcess.Exited exited = ServerProcess.launch().dataDir(Path.of("/proc/nope")).workDir(temp).run();

        assertThat(exited.code()).as("exit status%s", exited.output()).isEqualTo(3);
        assertThat(exited.stderr()).contains("cannot create the data directory /proc/nope: ")
                .doesNotContain("/proc/nope: /proc/nope").doesNotContain("\tat ");
        String reason = exited.stderr().substring(exited.stderr().indexOf("/proc/nope: ") + "/proc/nope: ".length())
                .strip();
        assertThat(reason).as("the reason").isNotEmpty();
    }

    @Test
    void theRequestLogGoesToStandardOutputInTheCommonLogFormat() {
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp)
                .args("--request-log", "stdout").start()) {
            server.serviceClient().createTable("logged");
            server.terminate(ServerProcess.EXIT_TIMEOUT);

            assertThat(server.output()).containsPattern(
                    "127\\.0\\.0\\.1 - - \\[[^]]+] \"POST /devstoreaccount1/Tables HTTP/1\\.1\" 204 0 [0-9a-f-]{36} - "
                            + "[0-9.]+\n");
        }
    }

    @Test
    void anUnknownRequestLogFormatIsAMalformedOption() {
        ServerProcess.Exited exited = ServerProcess.launch().inMemory().workDir(temp)
                .args("--request-log", "stdout", "--request-log-format", "xml").run();

        assertThat(exited.code()).as("exit status%s", exited.output()).isEqualTo(4);
        assertThat(exited.stderr()).contains("clf or json");
    }
}
