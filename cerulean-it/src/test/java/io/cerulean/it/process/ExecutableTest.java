package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
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
            assertThat(jvmArguments).as(server.describe()).contains("-Xmx192m", "-Xmn96m", "-XX:+UseSerialGC", "-jar");
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
                    .doesNotContain("-Xmx192m", "-Xmn96m", "-XX:+UseSerialGC");
        }
    }

    @Test
    void anEmptyJavaOptsKeepsTheDefaults() {
        try (ServerProcess server = ServerProcess.launch().viaExecutable().dataDir(temp.resolve("data"))
                .env("JAVA_OPTS", "").start()) {
            assertThat(jvmArguments(server)).contains("-Xmx192m", "-Xmn96m", "-XX:+UseSerialGC");
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

    private static List<String> environment(ServerProcess server) throws IOException {
        byte[] environ = Files.readAllBytes(Path.of("/proc", Long.toString(server.pid()), "environ"));
        return Arrays.asList(new String(environ, StandardCharsets.UTF_8).split("\0"));
    }
}
