package io.cerulean.dist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code cerulean serve} started as its users start it, its address read from the line it logs
 * when ready. Its output goes to a file, not a pipe: the JDK drains a pipe of a process that
 * exited into a buffer of its own, and a reader still at it loses the last lines.
 */
final class RunningServer implements AutoCloseable {
    /** Generous: a JVM and RocksDB on a busy machine. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern READY = Pattern.compile("serving the Table service at (http://[^/\\s]+:(\\d+))/");

    private final Process process;
    private final Path log;
    private final Matcher ready;

    private RunningServer(Process process, Path log) {
        this.process = process;
        this.log = log;
        this.ready = awaitReady();
    }

    static RunningServer start(Map<String, String> env, Path log, List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        try {
            return new RunningServer(builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Matcher awaitReady() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                Matcher matcher = READY.matcher(output());
                if (matcher.find()) {
                    return matcher;
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException("exited " + process.exitValue() + " before it was ready:\n" + output());
                }
                Thread.sleep(100);
            }
            throw new IllegalStateException("not ready in " + START_TIMEOUT + ":\n" + output());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException(e);
        } catch (RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** The Table service's base URL, e.g. {@code http://127.0.0.1:41234}. */
    String tableEndpoint() {
        return ready.group(1);
    }

    int tablePort() {
        return Integer.parseInt(ready.group(2));
    }

    /** All it printed so far, standard output and error together. */
    String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SIGTERM, as systemd and a Ctrl-C stop it; the exit code. */
    int terminate() {
        process.destroy();
        try {
            if (!process.waitFor(EXIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("did not stop on SIGTERM:\n" + output());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
