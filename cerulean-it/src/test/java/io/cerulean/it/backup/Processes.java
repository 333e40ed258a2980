package io.cerulean.it.backup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runnable Cerulean jar as separate processes, as its users run it: a server on a data
 * directory ({@link #serve}), and commands that exit by themselves ({@link #run}). Processes still
 * running when the test JVM exits are killed.
 */
final class Processes {
    static final String ACCOUNT = "devstoreaccount1";
    static final String KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    private static final long START_SECONDS = 60;
    private static final long EXIT_SECONDS = 180;
    private static final Pattern TABLE = Pattern.compile("the Table service at (http://[^/\\s]+:\\d+)/");
    private static final Pattern QUEUE = Pattern.compile("the Queue service at (http://[^/\\s]+:\\d+)/");
    private static final Pattern BLOB = Pattern.compile("the Blob service at (http://[^/\\s]+:\\d+)/");
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(p -> p.toHandle().destroyForcibly()),
                "cerulean-it-backup-reaper"));
    }

    private Processes() {
    }

    /** How a command ended. */
    record Exited(int code, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + code + "\nstdout:\n" + stdout.indent(2) + "stderr:\n" + stderr.indent(2);
        }
    }

    /** A server on RocksDB in a data directory, on ports it picked. */
    static final class Server implements AutoCloseable {
        private final Process process;
        private final StringBuffer output = new StringBuffer();
        private final CompletableFuture<Void> ready = new CompletableFuture<>();
        private volatile String table;
        private volatile String queue;
        private volatile String blob;

        private Server(Process process) {
            this.process = process;
            LIVE.add(process);
            pump(process.getInputStream(), output, this::readLine);
            pump(process.getErrorStream(), output, this::readLine);
            process.onExit().thenRun(() -> ready.completeExceptionally(new IllegalStateException("exited")));
        }

        private void readLine(String line) {
            Matcher t = TABLE.matcher(line);
            Matcher q = QUEUE.matcher(line);
            Matcher b = BLOB.matcher(line);
            if (t.find() && q.find() && b.find()) {
                table = t.group(1);
                queue = q.group(1);
                blob = b.group(1);
                ready.complete(null);
            }
        }

        /** A connection string naming all three services. */
        String connectionString() {
            return "DefaultEndpointsProtocol=http;AccountName=" + ACCOUNT + ";AccountKey=" + KEY
                    + ";TableEndpoint=" + table + "/" + ACCOUNT + ";QueueEndpoint=" + queue + "/" + ACCOUNT
                    + ";BlobEndpoint=" + blob + "/" + ACCOUNT + ";";
        }

        String output() {
            return output.toString();
        }

        /** SIGTERM, and waits for a clean stop. */
        int stop() throws InterruptedException {
            process.toHandle().destroy();
            if (!process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("the server did not stop:\n" + output);
            }
            LIVE.remove(process);
            return process.exitValue();
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                process.toHandle().destroyForcibly();
                try {
                    process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            LIVE.remove(process);
        }
    }

    /** {@code cerulean serve --data-dir DATA} on free ports, once it says it is ready. */
    static Server serve(Path dataDir) throws InterruptedException {
        Server server = new Server(start(Map.of(), List.of("serve", "--data-dir", dataDir.toString(), "--port", "0",
                "--queue-port", "0", "--blob-port", "0")));
        try {
            server.ready.get(START_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            server.close();
            throw new AssertionError("the server did not start:\n" + server.output, e);
        }
        return server;
    }

    /** {@code cerulean ARGS...}, until it exits. */
    static Exited run(String... args) throws InterruptedException {
        return run(Map.of(), args);
    }

    /** {@code cerulean ARGS...} with more environment, until it exits. */
    static Exited run(Map<String, String> env, String... args) throws InterruptedException {
        Process process = start(env, List.of(args));
        StringBuffer out = new StringBuffer();
        StringBuffer err = new StringBuffer();
        Thread[] pumps = {pump(process.getInputStream(), out, line -> { }),
            pump(process.getErrorStream(), err, line -> { })};
        if (!process.waitFor(EXIT_SECONDS, TimeUnit.SECONDS)) {
            process.toHandle().destroyForcibly();
            throw new AssertionError("cerulean " + String.join(" ", args) + " did not exit:\n" + out + err);
        }
        for (Thread pump : pumps) {
            pump.join(10_000);
        }
        LIVE.remove(process);
        return new Exited(process.exitValue(), out.toString(), err.toString());
    }

    private static Process start(Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar().toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(name -> name.startsWith("CERULEAN_") || name.equals("AZURITE_ACCOUNTS")
                || name.equals("JAVA_TOOL_OPTIONS") || name.equals("JDK_JAVA_OPTIONS"));
        builder.environment().putAll(env);
        try {
            Process process = builder.start();
            LIVE.add(process);
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path jar() {
        Path path = Path.of(System.getProperty("cerulean.jar", "../cerulean-app/target/cerulean-0.1.0.jar"))
                .toAbsolutePath().normalize();
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("the Cerulean jar is not built: " + path);
        }
        return path;
    }

    private static Thread pump(InputStream in, StringBuffer into, java.util.function.Consumer<String> lines) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = reader.readLine()) != null; ) {
                    into.append(line).append('\n');
                    lines.accept(line);
                }
            } catch (IOException ignored) {
                // The process is gone.
            }
        }, "cerulean-it-backup-pump");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
