package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.cerulean.app.Cerulean;
import io.cerulean.http.auth.Account;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The second SDK family: runs {@code src/test/js/smoke.mjs}, which drives {@code @azure/data-tables}
 * (the JavaScript SDK, pinned in {@code package.json}) against an in-process server. The JS SDK signs
 * with Shared Key Lite over {@code x-ms-date}, serialises entities its own way, and takes an endpoint
 * on host {@code localhost}, on a port other than 10002, for an account other than
 * {@code devstoreaccount1} as Cosmos DB: it then sends merges as {@code POST} with
 * {@code X-HTTP-Method: MERGE}. Hence two runs: {@code 127.0.0.1} (merges as {@code PATCH}) and
 * {@code localhost} with a second account (merges as {@code POST}; the script checks which it saw).
 *
 * <p>Needs Node.js 20+ and npm on the PATH (override with {@code -Dcerulean.node=}/{@code
 * -Dcerulean.npm=}); runs {@code npm ci} first when the pinned SDK is not installed. Missing tools
 * fail the test: they are not a reason to skip it. Set env {@code DEBUG_SMOKE=1} to have the script
 * print every request it sends.
 */
class JsSdkSmokeTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration NPM_TIMEOUT = Duration.ofMinutes(5);
    private static final String OK_LINE = "SMOKE OK";
    private static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private static Path jsDir;
    private static String node;

    /** One run of the script: the endpoint host, the account it uses and how merges must go out. */
    record Case(String host, String account, String expectedMerge) {
        @Override
        public String toString() {
            return host + " (" + account + ", merge as " + expectedMerge + ")";
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("127.0.0.1", Account.DEVELOPMENT_NAME, "PATCH"),
                // Not devstoreaccount1: the SDK exempts http://localhost/devstoreaccount1 from Cosmos mode.
                new Case("localhost", "jscosmos", "POST+MERGE"));
    }

    @BeforeAll
    static void installSdk() throws IOException {
        jsDir = Path.of(System.getProperty("cerulean.js.dir", "src/test/js")).toAbsolutePath().normalize();
        assertThat(jsDir.resolve("smoke.mjs")).as("the JS smoke script (cerulean.js.dir=%s)", jsDir).isRegularFile();
        node = System.getProperty("cerulean.node", "node");
        String npm = System.getProperty("cerulean.npm", WINDOWS ? "npm.cmd" : "npm");

        Result version = run(List.of(node, "--version"), jsDir, Duration.ofSeconds(30), "Node.js");
        Matcher major = Pattern.compile("v(\\d+)\\.").matcher(version.stdout());
        assertThat(version.exitCode() == 0 && major.find())
                .as("`%s --version` failed:%n%s", node, version.output()).isTrue();
        assertThat(Integer.parseInt(major.group(1)))
                .as("Node.js %s is too old for @azure/data-tables; it needs 20 or later", version.stdout().strip())
                .isGreaterThanOrEqualTo(20);

        String pinned = version(jsDir.resolve("package.json"), "\"@azure/data-tables\"\\s*:\\s*\"([^\"]+)\"");
        Path installed = jsDir.resolve("node_modules/@azure/data-tables/package.json");
        if (!Files.isRegularFile(installed) || !pinned.equals(version(installed, "\"version\"\\s*:\\s*\"([^\"]+)\""))) {
            Result ci = run(List.of(npm, "ci", "--no-audit", "--no-fund"), jsDir, NPM_TIMEOUT, "npm");
            assertThat(ci.exitCode()).as("`npm ci` in %s failed:%n%s", jsDir, ci.output()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sdkWorksEndToEnd(Case c) throws IOException {
        String key = randomKey();
        Cerulean.Builder builder = Cerulean.builder().inMemory().port(0);
        if (!c.account().equals(Account.DEVELOPMENT_NAME)) {
            builder.account(Account.of(c.account(), key));
        } else {
            key = Account.DEVELOPMENT_KEY;
        }
        try (Cerulean server = builder.start()) {
            String endpoint = "http://" + c.host() + ":" + server.port() + "/" + c.account();
            // The server listens on 127.0.0.1; make node try IPv4 first when it resolves localhost.
            Result result = run(List.of(node, "--dns-result-order=ipv4first", "smoke.mjs",
                    endpoint, c.account(), key, c.expectedMerge()), jsDir, SCRIPT_TIMEOUT, "node");

            assertThat(result.exitCode())
                    .as("smoke.mjs against %s exited with %d:%n%s", endpoint, result.exitCode(), result.output())
                    .isZero();
            assertThat(result.stdout().lines().anyMatch(line -> line.startsWith(OK_LINE)))
                    .as("smoke.mjs did not print '%s':%n%s", OK_LINE, result.output())
                    .isTrue();
        }
    }

    private static String randomKey() {
        byte[] bytes = new byte[64];
        new SecureRandom().nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static String version(Path packageJson, String regex) throws IOException {
        Matcher m = Pattern.compile(regex).matcher(Files.readString(packageJson));
        if (!m.find()) {
            fail("no version matching " + regex + " in " + packageJson);
        }
        return m.group(1);
    }

    /** The outcome of a child process; exitCode -1 means it timed out and was killed. */
    record Result(int exitCode, String stdout, String stderr, String command) {
        String output() {
            return "$ " + command + (exitCode < 0 ? "\n[timed out and killed]" : "\n[exit code " + exitCode + "]")
                    + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
        }
    }

    /** Runs a command in dir, failing the test (not skipping it) when the tool is not installed. */
    private static Result run(List<String> command, Path dir, Duration timeout, String tool) {
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("cerulean-js-", ".out");
            err = Files.createTempFile("cerulean-js-", ".err");
            ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(devNull()));
            // The JS SDK consults AZURITE_ACCOUNTS to decide whether an endpoint is Cosmos DB.
            pb.environment().remove("AZURITE_ACCOUNTS");
            Process process;
            try {
                process = pb.start();
            } catch (IOException e) {
                throw new AssertionError(tool + " is required for this test but `" + command.get(0)
                        + "` could not be started (" + e.getMessage() + "). Install Node.js 20+ with npm, or point"
                        + " -Dcerulean.node / -Dcerulean.npm at them.", e);
            }
            int exit;
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                exit = process.exitValue();
            } else {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                exit = -1;
            }
            Result result = new Result(exit, Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), String.join(" ", command));
            if (exit < 0) {
                fail("`" + result.command() + "` did not finish within " + timeout.toSeconds() + " s:\n" + result.output());
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + command, e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    private static java.io.File devNull() {
        return new java.io.File(WINDOWS ? "NUL" : "/dev/null");
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temp file; the OS cleans up
            }
        }
    }
}
