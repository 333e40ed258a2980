package io.cerulean.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Main;
import io.cerulean.bench.BenchCommand;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.ServerFixture.RunningServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cerulean bench} run as users run it, through the command line of the {@code cerulean}
 * command, against a Cerulean in this JVM: a short quick run must pass every check and report
 * every workload; a wrong key or a dead endpoint must fail at once with one clear line.
 */
class BenchCommandTest {
    private static RunningServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = ServerFixture.IN_MEMORY.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private record Outcome(int exit, String out, String err) {
    }

    private static Outcome bench(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] command = new String[args.length + 1];
        command[0] = "bench";
        System.arraycopy(args, 0, command, 1, args.length);
        int exit = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(command);
        return new Outcome(exit, out.toString(), err.toString());
    }

    private static String endpoint() {
        return server.cerulean().endpoint("devstoreaccount1");
    }

    @Test
    void aQuickRunReportsEveryWorkloadAndPassesEveryCheck() throws IOException {
        Path csv = dir.resolve("bench.csv");
        long started = System.nanoTime();

        Outcome run = bench(endpoint(), "--quick", "--seconds", "1", "--entities", "2000", "--concurrency", "8",
                "--csv", csv.toString(), "--label", "in-process", "--server-pid",
                Long.toString(ProcessHandle.current().pid()));

        assertThat(run.exit()).as("exit code; output:%n%s%s", run.out(), run.err()).isZero();
        assertThat(run.out()).contains("Cerulean bench  endpoint=" + endpoint()).containsPattern("checks: \\d+ passed, 0 failed")
                .doesNotContain("FAILED").contains("server RSS");
        for (String id : List.of("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8")) {
            assertThat(run.out()).as("a row for %s", id).containsPattern("(?m)^" + id + " ");
        }
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("label,workload,unit,value,p50_ms,p99_ms,ops,errors,server_rss_mb,server_cpu_s");
        assertThat(lines).hasSize(9);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertThat(f).as(line).hasSize(10);
            assertThat(f[0]).isEqualTo("in-process");
            assertThat(Double.parseDouble(f[3])).as("figure of %s", f[1]).isPositive();
            assertThat(Double.parseDouble(f[4])).as("p50 of %s", f[1]).isPositive();
            assertThat(Long.parseLong(f[6])).as("ops of %s", f[1]).isPositive();
            assertThat(Long.parseLong(f[7])).as("errors of %s", f[1]).isZero();
            assertThat(Double.parseDouble(f[8])).as("server RSS in %s", f[1]).isPositive();
        }
        assertThat(lines.subList(1, lines.size())).extracting(l -> l.split(",")[1])
                .containsExactly("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8");
        assertThat((System.nanoTime() - started) / 1e9).as("seconds the quick run took").isLessThan(30);
        assertThat(server.cerulean().port()).isPositive();
        assertThat(bench(endpoint(), "--only", "W1", "--seconds", "0.2", "--quick", "--keep").out())
                .as("a kept run names its tables").contains("kept tables: bench");
    }

    @Test
    void aShortBlobRunReportsB1ToB4AndPassesEveryCheck() throws IOException {
        String blobEndpoint = server.cerulean().blobEndpoint("devstoreaccount1");
        Path csv = dir.resolve("blob.csv");

        Outcome run = bench(blobEndpoint, "--only", "B1,B2,B3,B4", "--quick", "--seconds", "0.5", "--concurrency", "2",
                "--csv", csv.toString());

        assertThat(run.exit()).as("exit code; output:%n%s%s", run.out(), run.err()).isZero();
        assertThat(run.out()).contains("Cerulean bench  endpoint=" + blobEndpoint).contains("  blob  ")
                .containsPattern("checks: \\d+ passed, 0 failed").doesNotContain("FAILED");
        for (String id : List.of("B1", "B2", "B3", "B4")) {
            assertThat(run.out()).as("a row for %s", id).containsPattern("(?m)^" + id + " ");
        }
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(5);
        assertThat(lines.subList(1, lines.size())).extracting(l -> l.split(",")[1] + " " + l.split(",")[2])
                .containsExactly("B1 ops/s", "B2 ops/s", "B3 MB/s", "B4 MB/s");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertThat(Double.parseDouble(f[3])).as("figure of %s", f[1]).isPositive();
            assertThat(Long.parseLong(f[7])).as("errors of %s", f[1]).isZero();
        }

        Outcome alone = bench(blobEndpoint, "--only", "B4", "--quick", "--seconds", "0.3", "--concurrency", "1",
                "--keep");
        assertThat(alone.exit()).as("B4 loads its own blob; output:%n%s%s", alone.out(), alone.err()).isZero();
        assertThat(alone.out()).contains("kept containers: bench").containsPattern("(?m)^B4 ");

        Outcome single = bench(blobEndpoint, "--only", "B3,B4", "--quick", "--seconds", "0.3", "--concurrency", "2",
                "--blob-mib", "1");
        assertThat(single.exit()).as("1 MiB blobs, one Put Blob each; output:%n%s%s", single.out(), single.err())
                .isZero();
        assertThat(single.out()).containsPattern("(?m)^B3 .*upload 1 MiB blob, one Put Blob")
                .containsPattern("(?m)^B4 .*download 1 MiB blob").doesNotContain("FAILED");
        assertThat(bench(blobEndpoint, "--only", "B1,W1").exit()).isEqualTo(BenchCommand.EXIT_BAD_OPTION);
    }

    @Test
    void aShortRunOfB5ToB7ReportsTwoRowsEachAndPassesEveryCheck() throws IOException {
        String blobEndpoint = server.cerulean().blobEndpoint("devstoreaccount1");
        Path csv = dir.resolve("blob2.csv");

        Outcome run = bench(blobEndpoint, "--only", "B7,B6,B5", "--quick", "--seconds", "0.5", "--concurrency", "2",
                "--blob-tag-count", "1000", "--csv", csv.toString());

        assertThat(run.exit()).as("exit code; output:%n%s%s", run.out(), run.err()).isZero();
        assertThat(run.out()).containsPattern("checks: \\d+ passed, 0 failed").doesNotContain("FAILED")
                .containsPattern("(?m)^B5 find by tags, 1,000 blobs ").containsPattern("(?m)^B5 list\\+filter, find ")
                .containsPattern("(?m)^B6 delete, batches of 256 ").containsPattern("(?m)^B6 delete, one by one ")
                .containsPattern("(?m)^B7 put block 4 MiB, crc64 ").containsPattern("(?m)^B7 put block 4 MiB, no crc ");
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.subList(1, lines.size())).extracting(l -> l.split(",")[1] + " " + l.split(",")[2])
                .containsExactly("B5 lookups/s", "B5 lookups/s", "B6 blobs/s", "B6 blobs/s", "B7 MiB/s", "B7 MiB/s");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertThat(Double.parseDouble(f[3])).as("figure of %s", line).isPositive();
            assertThat(Long.parseLong(f[7])).as("errors of %s", line).isZero();
        }
    }

    @Test
    void aWrongKeyFailsAtOnceWithOneClearLine() {
        byte[] key = new byte[64];
        ThreadLocalRandom.current().nextBytes(key);

        Outcome run = bench(endpoint(), "--key", Base64.getEncoder().encodeToString(key), "--quick");

        assertThat(run.exit()).isEqualTo(BenchCommand.EXIT_REFUSED);
        assertThat(run.err().strip()).isEqualTo("cerulean bench: " + endpoint()
                + " refused the credentials of account 'devstoreaccount1' (HTTP 403 AuthenticationFailed); "
                + "check --account and --key, and that it is a Table endpoint");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void anEndpointNobodyListensOnIsUnreachable() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Outcome run = bench("http://127.0.0.1:" + port + "/devstoreaccount1", "--quick");

        assertThat(run.exit()).isEqualTo(BenchCommand.EXIT_UNREACHABLE);
        assertThat(run.err()).startsWith("cerulean bench: cannot reach http://127.0.0.1:" + port + "/devstoreaccount1: ");
        assertThat(run.err().strip()).doesNotContain("\n");
    }

    @Test
    void badOptionsExitWithFour() {
        assertThat(bench(endpoint(), "--concurrency", "0").exit()).isEqualTo(BenchCommand.EXIT_BAD_OPTION);
        assertThat(bench(endpoint(), "--only", "W9").err()).contains("--only takes W1..W8");
        Outcome oddBlob = bench(endpoint(), "--only", "B3", "--blob-mib", "6");
        assertThat(oddBlob.exit()).isEqualTo(BenchCommand.EXIT_BAD_OPTION);
        assertThat(oddBlob.err()).contains("--blob-mib: a large blob is 1 to 4 MiB, or a multiple of 4 MiB");
        Outcome unknown = bench("--no-such-option");
        assertThat(unknown.exit()).isEqualTo(BenchCommand.EXIT_BAD_OPTION);
        assertThat(unknown.err()).contains("Try 'cerulean bench --help'.");
    }
}
