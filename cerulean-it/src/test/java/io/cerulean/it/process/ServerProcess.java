package io.cerulean.it.process;

import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.core.util.HttpClientOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runnable Cerulean jar running as a separate process, as its users run it.
 *
 * <p>Start one with {@link #launch()}: by default it serves RocksDB in a data directory given by
 * the test on a port the server picks itself ({@code --port 0}); the endpoint is read from the
 * ready line it logs. Everything the process prints is kept for assertion messages
 * ({@link #output()}). {@link #kill()} is {@code kill -9}, {@link #terminate()} is SIGTERM. A
 * process still running when the test JVM exits is killed.
 */
final class ServerProcess implements AutoCloseable {
    static final String DEV_ACCOUNT = "devstoreaccount1";
    static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    /** Generous: a JVM plus RocksDB on a busy 2-core machine. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(45);
    static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);

    /** The ready line; the base URL is that of the first service it names (the Table service's, when served). */
    private static final Pattern READY = Pattern.compile("serving the \\w+ service at (http://([^/\\s]+):(\\d+))/");
    private static final Pattern QUEUE = Pattern.compile("the Queue service at (http://[^/\\s]+:\\d+)/");
    private static final Pattern BLOB = Pattern.compile("the Blob service at (http://[^/\\s]+:\\d+)/");
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(p -> p.toHandle().destroyForcibly()),
                "cerulean-it-process-reaper"));
    }

    private final Process process;
    private final List<String> command;
    private final long startedNanos;
    private final StringBuffer output = new StringBuffer();
    private final StringBuffer stderr = new StringBuffer();
    private final CompletableFuture<String> ready = new CompletableFuture<>();
    private final Thread[] pumps;
    private volatile String baseUrl;
    private volatile String queueBaseUrl;
    private volatile String blobBaseUrl;

    private ServerProcess(Process process, List<String> command, long startedNanos) {
        this.process = process;
        this.command = command;
        this.startedNanos = startedNanos;
        LIVE.add(process);
        this.pumps = new Thread[] {
                // stdout and stderr separately: the tool's messages must be on stderr.
                pump(process.getInputStream(), "out", false),
                pump(process.getErrorStream(), "err", true)};
        process.onExit().thenRun(() -> {
            LIVE.remove(process);
            // The pumps finish once the pipes are drained; only then is the output complete.
            ready.completeExceptionally(new IllegalStateException("exited before it was ready"));
        });
    }

    static Launch launch() {
        return new Launch();
    }

    /** A port that was free a moment ago (bind on 0, close). */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path jar() {
        String jar = System.getProperty("cerulean.jar", "../cerulean-app/target/cerulean-0.1.0.jar");
        Path path = Path.of(jar).toAbsolutePath().normalize();
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("the Cerulean jar is not built: " + path);
        }
        return path;
    }

    /** The executable {@code cerulean}: the launcher script with the jar after it. */
    static Path executable() {
        Path path = jar().resolveSibling("cerulean");
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException("the cerulean executable is not built: " + path);
        }
        return path;
    }

    /** How to start the jar: {@code serve} plus options, environment and working directory. */
    static final class Launch {
        private final List<String> args = new ArrayList<>();
        private Path executable;
        private final Map<String, String> env = new LinkedHashMap<>();
        private Path dataDir;
        private Path workDir;
        private boolean inMemory;
        private Integer port = 0;
        private List<String> words = List.of("serve");

        Launch dataDir(Path dir) {
            this.dataDir = dir;
            return this;
        }

        /** {@code --in-memory}, and no {@code --data-dir}. */
        Launch inMemory() {
            this.inMemory = true;
            return this;
        }

        /** {@code --port P}; {@code null} passes no {@code --port} at all. */
        Launch port(Integer port) {
            this.port = port;
            return this;
        }

        /**
         * Start {@code target/cerulean serve}, the launcher with its JVM settings, with this test's
         * Java as JAVA_HOME, instead of {@code java -jar}.
         */
        Launch viaExecutable() {
            return viaExecutable(executable());
        }

        /** As {@link #viaExecutable()}, with a copy of the executable elsewhere. */
        Launch viaExecutable(Path copy) {
            this.executable = copy;
            return this;
        }

        /** {@code cerulean WORDS...} instead of {@code cerulean serve}, and no {@code --port}. */
        Launch command(String... words) {
            this.words = List.of(words);
            this.port = null;
            return this;
        }

        Launch args(String... more) {
            args.addAll(List.of(more));
            return this;
        }

        Launch env(String name, String value) {
            env.put(name, value);
            return this;
        }

        /** Where the process runs (the default data directory is relative to it). */
        Launch workDir(Path dir) {
            this.workDir = dir;
            return this;
        }

        /** Starts the process without waiting for anything. */
        ServerProcess spawn() {
            List<String> command = new ArrayList<>(executable != null
                    ? List.of(executable.toString())
                    : List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                            jar().toString()));
            command.addAll(words);
            if (port != null) {
                command.addAll(List.of("--port", Integer.toString(port)));
            }
            if (inMemory) {
                command.add("--in-memory");
            }
            if (dataDir != null) {
                command.addAll(List.of("--data-dir", dataDir.toString()));
            }
            command.addAll(args);
            if (words.equals(List.of("serve")) && !args.contains("--queue-port") && !env.containsKey("CERULEAN_QUEUE_PORT")) {
                // Each test's server on ports of its own: the Queue service too, not on 10001.
                command.addAll(List.of("--queue-port", "0"));
            }
            if (words.equals(List.of("serve")) && !args.contains("--blob-port") && !env.containsKey("CERULEAN_BLOB_PORT")) {
                command.addAll(List.of("--blob-port", "0")); // nor on 10000
            }
            ProcessBuilder builder = new ProcessBuilder(command);
            Map<String, String> environment = builder.environment();
            for (String inherited : List.of("CERULEAN_PORT", "CERULEAN_QUEUE_PORT", "CERULEAN_SERVICES", "CERULEAN_DATA_DIR", "CERULEAN_HOST",
                    "CERULEAN_IN_MEMORY", "CERULEAN_ACCOUNTS", "AZURITE_ACCOUNTS", "CERULEAN_TLS", "CERULEAN_TLS_CERT",
                    "CERULEAN_TLS_KEY", "CERULEAN_OAUTH_JWKS", "CERULEAN_OAUTH_ISSUER", "CERULEAN_OAUTH_ROLES",
                    "CERULEAN_OAUTH_INSECURE_ACCEPT_ANY", "CERULEAN_STORE", "CERULEAN_CASSANDRA_CONTACT_POINTS",
                    "CERULEAN_CASSANDRA_LOCAL_DC", "CERULEAN_CASSANDRA_KEYSPACE", "CERULEAN_CASSANDRA_REPLICATION",
                    "CERULEAN_CASSANDRA_USERNAME", "CERULEAN_CASSANDRA_PASSWORD", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "JAVA_OPTS", "MALLOC_ARENA_MAX")) {
                environment.remove(inherited);
            }
            if (executable != null) {
                environment.put("JAVA_HOME", System.getProperty("java.home"));
            }
            environment.putAll(env);
            Path dir = workDir != null ? workDir : dataDir != null ? dataDir.toAbsolutePath().getParent() : null;
            if (dir != null) {
                builder.directory(dir.toFile());
            }
            long started = System.nanoTime();
            try {
                return new ServerProcess(builder.start(), command, started);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Starts the process and waits for its ready line. */
        ServerProcess start() {
            ServerProcess server = spawn();
            try {
                server.awaitReady(START_TIMEOUT);
            } catch (RuntimeException | Error e) {
                server.close();
                throw e;
            }
            return server;
        }

        /** Runs a process that is expected to exit by itself; kills it if it does not in time. */
        Exited run() {
            try (ServerProcess server = spawn()) {
                return server.awaitExit(EXIT_TIMEOUT);
            }
        }
    }

    /** How a process ended. */
    record Exited(int code, String stderr, String output) {
    }

    private Thread pump(InputStream in, String name, boolean isErr) {
        Thread thread = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = reader.readLine()) != null; ) {
                    output.append(line).append('\n');
                    if (isErr) {
                        stderr.append(line).append('\n');
                    }
                    Matcher m = READY.matcher(line);
                    Matcher queue = QUEUE.matcher(line);
                    if (queue.find()) {
                        queueBaseUrl = queue.group(1);
                    }
                    Matcher blob = BLOB.matcher(line);
                    if (blob.find()) {
                        blobBaseUrl = blob.group(1);
                    }
                    if (m.find()) {
                        ready.complete(m.group(1));
                    }
                }
            } catch (IOException ignored) {
                // The process is gone.
            }
        }, "cerulean-it-" + name + "-" + process.pid());
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Waits for the ready line; fails with the output if the process exits or is too slow. */
    void awaitReady(Duration timeout) {
        try {
            baseUrl = ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("no ready line within " + timeout + describe(), e);
        } catch (ExecutionException e) {
            drain();
            throw new AssertionError("the server " + e.getCause().getMessage() + " (exit code "
                    + process.exitValue() + ")" + describe(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Waits for the process to exit by itself. */
    Exited awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("did not exit within " + timeout + describe());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        drain();
        return new Exited(process.exitValue(), stderr.toString(), output.toString());
    }

    private void drain() {
        for (Thread pump : pumps) {
            try {
                pump.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * SIGKILL ({@code kill -9}), then waits for the process to be gone. Sent through the
     * process handle: {@link Process#destroyForcibly()} sends the same signal but also closes
     * our ends of the pipes, losing output not read yet.
     */
    void kill() {
        process.toHandle().destroyForcibly();
        try {
            if (!process.waitFor(EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("still alive after SIGKILL" + describe());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        drain();
    }

    /**
     * SIGTERM; returns how the process ended, failing if it did not within the timeout. Sent
     * through the process handle: {@link Process#destroy()} sends the same signal but also closes
     * our ends of the pipes, so what the server logs while it stops would be lost.
     */
    Exited terminate(Duration timeout) {
        process.toHandle().destroy();
        return awaitExit(timeout);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    long startedNanos() {
        return startedNanos;
    }

    /** {@code http://127.0.0.1:PORT}, from the ready line. */
    String baseUrl() {
        if (baseUrl == null) {
            throw new IllegalStateException("not ready");
        }
        return baseUrl;
    }

    /** {@code http://127.0.0.1:PORT} of the Queue service, from the ready line. */
    String queueBaseUrl() {
        if (queueBaseUrl == null) {
            throw new IllegalStateException("not ready, or not serving the Queue service");
        }
        return queueBaseUrl;
    }

    /** A connection string with both services' endpoints, for the development account. */
    String queueConnectionString() {
        return connectionString() + "QueueEndpoint=" + queueBaseUrl() + "/" + DEV_ACCOUNT + ";";
    }

    /** {@code http://127.0.0.1:PORT} of the Blob service, from the ready line. */
    String blobBaseUrl() {
        if (blobBaseUrl == null) {
            throw new IllegalStateException("not ready, or not serving the Blob service");
        }
        return blobBaseUrl;
    }

    /** A connection string with the Blob service's endpoint alone, for the development account. */
    String blobConnectionString() {
        return "DefaultEndpointsProtocol=http;AccountName=" + DEV_ACCOUNT + ";AccountKey=" + DEV_KEY
                + ";BlobEndpoint=" + blobBaseUrl() + "/" + DEV_ACCOUNT + ";";
    }

    int port() {
        return Integer.parseInt(baseUrl().substring(baseUrl().lastIndexOf(':') + 1));
    }

    String endpoint(String account) {
        return baseUrl() + "/" + account;
    }

    String connectionString() {
        return connectionString(DEV_ACCOUNT, DEV_KEY);
    }

    String connectionString(String account, String key) {
        return connectionString(baseUrl(), account, key);
    }

    static String connectionString(String baseUrl, String account, String key) {
        return "DefaultEndpointsProtocol=http;AccountName=" + account + ";AccountKey=" + key
                + ";TableEndpoint=" + baseUrl + "/" + account + ";";
    }

    /** Everything the process wrote so far, stdout and stderr interleaved by line. */
    String output() {
        return output.toString();
    }

    String describe() {
        return "\n  command: " + String.join(" ", command) + "\n  pid: " + process.pid() + "\n  output:\n"
                + output.toString().indent(4);
    }

    /** Clients that fail fast: no retries, short timeouts; a dead server is an error at once. */
    static HttpClientOptions fastFailing() {
        return new HttpClientOptions()
                .setConnectTimeout(Duration.ofSeconds(3))
                .setWriteTimeout(Duration.ofSeconds(15))
                .setResponseTimeout(Duration.ofSeconds(15))
                .setReadTimeout(Duration.ofSeconds(15))
                .setMaximumConnectionPoolSize(32);
    }

    static RetryOptions noRetries() {
        return new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1)));
    }

    static TableServiceClient serviceClient(String connectionString) {
        return new TableServiceClientBuilder().connectionString(connectionString)
                .clientOptions(fastFailing()).retryOptions(noRetries()).buildClient();
    }

    static TableClient tableClient(String connectionString, String table) {
        return new TableClientBuilder().connectionString(connectionString).tableName(table)
                .clientOptions(fastFailing()).retryOptions(noRetries()).buildClient();
    }

    TableServiceClient serviceClient() {
        return serviceClient(connectionString());
    }

    TableClient tableClient(String table) {
        return tableClient(connectionString(), table);
    }

    /** Kills the process if it still runs. */
    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
        LIVE.remove(process);
    }
}
