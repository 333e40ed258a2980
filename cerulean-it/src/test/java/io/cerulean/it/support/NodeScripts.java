package io.cerulean.it.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scripts in {@code src/test/js} that drive the JavaScript SDKs, and the Node.js that runs them.
 * {@link #install} checks that Node.js 20+ is there and that the SDKs pinned in {@code package.json}
 * are installed at those versions, running {@code npm ci} when one is not; {@link #node} then runs
 * node in that directory.
 *
 * <p>Node and npm are taken from the PATH, or from {@code -Dcerulean.node=}/{@code -Dcerulean.npm=};
 * the directory from {@code -Dcerulean.js.dir=} (default {@code src/test/js}). Missing tools fail the
 * test: they are not a reason to skip it.
 */
public final class NodeScripts {
    private static final Duration NPM_TIMEOUT = Duration.ofMinutes(5);
    private static final int MIN_NODE_MAJOR = 20;
    private static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private final Path dir;
    private final String node;

    private NodeScripts(Path dir, String node) {
        this.dir = dir;
        this.node = node;
    }

    /**
     * Checks that {@code script} exists and Node.js is recent enough, and runs {@code npm ci} unless
     * every one of {@code packages} is installed at the version {@code package.json} pins.
     */
    public static NodeScripts install(String script, String... packages) throws IOException {
        Path dir = Path.of(System.getProperty("cerulean.js.dir", "src/test/js")).toAbsolutePath().normalize();
        assertThat(dir.resolve(script)).as("the JS script %s (cerulean.js.dir=%s)", script, dir).isRegularFile();
        String node = System.getProperty("cerulean.node", "node");
        String npm = System.getProperty("cerulean.npm", WINDOWS ? "npm.cmd" : "npm");

        Result version = run(List.of(node, "--version"), dir, Duration.ofSeconds(30), "Node.js");
        Matcher major = Pattern.compile("v(\\d+)\\.").matcher(version.stdout());
        assertThat(version.exitCode() == 0 && major.find())
                .as("`%s --version` failed:%n%s", node, version.output()).isTrue();
        assertThat(Integer.parseInt(major.group(1)))
                .as("Node.js %s is too old for %s; it needs %d or later", version.stdout().strip(),
                        String.join(" and ", packages), MIN_NODE_MAJOR)
                .isGreaterThanOrEqualTo(MIN_NODE_MAJOR);

        boolean installed = true;
        for (String pkg : packages) {
            String pinned = version(dir.resolve("package.json"), "\"" + Pattern.quote(pkg) + "\"\\s*:\\s*\"([^\"]+)\"");
            Path manifest = dir.resolve("node_modules").resolve(pkg).resolve("package.json");
            installed &= Files.isRegularFile(manifest)
                    && pinned.equals(version(manifest, "\"version\"\\s*:\\s*\"([^\"]+)\""));
        }
        if (!installed) {
            Result ci = run(List.of(npm, "ci", "--no-audit", "--no-fund"), dir, NPM_TIMEOUT, "npm");
            assertThat(ci.exitCode()).as("`npm ci` in %s failed:%n%s", dir, ci.output()).isZero();
        }
        return new NodeScripts(dir, node);
    }

    /** Runs {@code node <args>} in the scripts' directory; fails the test when it outlives the timeout. */
    public Result node(Duration timeout, String... args) {
        List<String> command = new ArrayList<>();
        command.add(node);
        command.addAll(List.of(args));
        return run(command, dir, timeout, "node");
    }

    private static String version(Path packageJson, String regex) throws IOException {
        Matcher m = Pattern.compile(regex).matcher(Files.readString(packageJson));
        if (!m.find()) {
            fail("no version matching " + regex + " in " + packageJson);
        }
        return m.group(1);
    }

    /** The outcome of a child process; exitCode -1 means it timed out and was killed. */
    public record Result(int exitCode, String stdout, String stderr, String command) {
        /** The command, its exit code, stdout and stderr, for an assertion message. */
        public String output() {
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
            // The JS Table SDK consults AZURITE_ACCOUNTS to decide whether an endpoint is Cosmos DB.
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

    private static File devNull() {
        return new File(WINDOWS ? "NUL" : "/dev/null");
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
