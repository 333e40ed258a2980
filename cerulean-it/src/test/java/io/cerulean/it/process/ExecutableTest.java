package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cerulean-app/target/cerulean}: the launcher script followed by the jar, which starts the
 * server with a bounded heap, the serial collector and two malloc arenas unless told otherwise,
 * and which is still a jar {@code java -jar} runs.
 */
class ExecutableTest {
    @TempDir
    Path temp;

    @Test
    void theExecutableServesWithItsSmallFootprintSettings() throws IOException {
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data"))
                .args("--cache-mb", "32").start()) {
            List<String> jvmArguments = jvmArguments(server);
            assertThat(jvmArguments).as(server.describe()).contains("-Xmx96m", "-Xmn48m", "-XX:+UseSerialGC",
                    "-XX:TrimNativeHeapInterval=5000", "-jar");
            assertThat(environment(server)).contains("MALLOC_ARENA_MAX=2");

            server.serviceClient().createTable("launched");
            TableClient table = server.tableClient("launched");
            table.createEntity(new TableEntity("p", "r").addProperty("N", 7));
            assertThat(table.getEntity("p", "r").getProperty("N")).isEqualTo(7);
        }
    }

    @Test
    void javaOptsReplacesTheJvmSettings() {
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data"))
                .env("JAVA_OPTS", "-Xmx200m -Dcerulean.test=yes").start()) {
            assertThat(jvmArguments(server)).contains("-Xmx200m", "-Dcerulean.test=yes")
                    .doesNotContain("-Xmx96m", "-Xmn48m", "-XX:+UseSerialGC", "-XX:TrimNativeHeapInterval=5000");
        }
    }

    @Test
    void anEmptyJavaOptsKeepsTheDefaults() {
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data"))
                .env("JAVA_OPTS", "").start()) {
            assertThat(jvmArguments(server)).contains("-Xmx96m", "-Xmn48m", "-XX:+UseSerialGC");
        }
    }

    @Test
    void theExecutableMapsTheClassArchiveTheBuildLeftBesideIt() throws IOException {
        Path archive = ServerProcess.executable().resolveSibling("cerulean.jsa");
        // The build makes the archive when its Java can (one with a base class archive, as the usual JDKs).
        assumeTrue(Files.isRegularFile(archive), "the build's Java made no class archive");
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data")).start()) {
            assertThat(jvmArguments(server)).contains("-XX:SharedArchiveFile=" + archive);
            assertThat(mappedFiles(server)).as("files the JVM mapped").contains(archive.toString());
            server.serviceClient().createTable("archived");
        }
    }

    /**
     * A copy of the executable no longer matches the archive the build recorded for the original,
     * and an archive may be damaged: either way the JVM starts without it and says nothing.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"the original's archive", "a damaged archive"})
    void anArchiveTheJvmCannotUseIsPassedOverSilently(String archive) throws IOException {
        Path copy = temp.resolve("bin").resolve("cerulean");
        Files.createDirectories(copy.getParent());
        Files.copy(ServerProcess.executable(), copy);
        if (archive.equals("a damaged archive")) {
            Files.writeString(copy.resolveSibling("cerulean.jsa"), "not a class archive");
        } else {
            Path original = ServerProcess.executable().resolveSibling("cerulean.jsa");
            assumeTrue(Files.isRegularFile(original), "the build's Java made no class archive");
            Files.copy(original, copy.resolveSibling("cerulean.jsa"));
        }
        try (ServerProcess server = ServerProcess.launch().viaExecutable(copy).dataDir(temp.resolve("data")).start()) {
            server.serviceClient().createTable("unarchived");
            assertThat(mappedFiles(server)).doesNotContain(copy.resolveSibling("cerulean.jsa").toString());
            assertThat(server.output()).doesNotContainIgnoringCase("cds").doesNotContainIgnoringCase("shared archive");
        }
    }

    @Test
    void theExecutableIsAlsoARunnableJar() {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", ServerProcess.executable().toString(), "--version").redirectErrorStream(true);
        try {
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as(output).isZero();
            assertThat(output).startsWith("cerulean ");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The running JVM's arguments: the script replaced itself with java ({@code exec}), same process. */
    private static List<String> jvmArguments(ServerProcess server) {
        return ProcessHandle.of(server.pid()).orElseThrow().info().arguments().map(Arrays::asList).orElseThrow();
    }

    /** The paths in the process's memory map. */
    private static List<String> mappedFiles(ServerProcess server) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(server.pid()), "maps")).stream()
                .map(line -> line.split("\\s+", 6)).filter(fields -> fields.length == 6)
                .map(fields -> fields[5].trim()).distinct().toList();
    }

    private static List<String> environment(ServerProcess server) throws IOException {
        byte[] environ = Files.readAllBytes(Path.of("/proc", Long.toString(server.pid()), "environ"));
        return Arrays.asList(new String(environ, StandardCharsets.UTF_8).split("\0"));
    }
}
