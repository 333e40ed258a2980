package io.cerulean.it.tools;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
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
 * Azurite, Microsoft's storage emulator, run as a process of its own on free ports, in memory, for a
 * test to read from. {@link #start} installs the pinned version from the npm registry into
 * {@code target/azurite} unless it is there already (or {@code -Dcerulean.azurite.dir=}), and skips
 * the test (an assumption, with the reason) when Node.js or npm is missing or the install fails, as it
 * does without a network. Node and npm are taken from the PATH, or from
 * {@code -Dcerulean.node=}/{@code -Dcerulean.npm=}, as {@code NodeScripts} takes them.
 */
final class AzuriteProcess implements AutoCloseable {
    static final String VERSION = "3.37.0";
    /** The development account's well-known key, which Azurite accepts. */
    static final String ACCOUNT = "devstoreaccount1";
    static final String KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private static final Duration NPM_TIMEOUT = Duration.ofMinutes(8);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private final Process process;
    private final Path log;
    private final int blobPort;
    private final int queuePort;
    private final int tablePort;

    private AzuriteProcess(Process process, Path log, int blobPort, int queuePort, int tablePort) {
        this.process = process;
        this.log = log;
        this.blobPort = blobPort;
        this.queuePort = queuePort;
        this.tablePort = tablePort;
    }

    /** Installs Azurite if need be, starts it and waits until its three ports answer. */
    static AzuriteProcess start() throws IOException, InterruptedException {
        Path dir = Path.of(System.getProperty("cerulean.azurite.dir", "target/azurite")).toAbsolutePath().normalize();
        String node = System.getProperty("cerulean.node", "node");
        String npm = System.getProperty("cerulean.npm", WINDOWS ? "npm.cmd" : "npm");
        Path entry = dir.resolve("node_modules/azurite/dist/src/azurite.js");
        if (!installed(dir)) {
            Files.createDirectories(dir);
            String output = run(List.of(npm, "install", "--no-audit", "--no-fund", "--prefix", dir.toString(),
                    "azurite@" + VERSION), dir, NPM_TIMEOUT);
            if (!installed(dir) || !Files.isRegularFile(entry)) {
                skip("Azurite " + VERSION + " could not be installed from the npm registry into " + dir
                        + " (no network, or no npm?); skipping.\n" + output);
            }
        }
        int[] ports = freePorts(3);
        Path log = dir.resolve("azurite-" + ports[0] + ".log");
        List<String> command = List.of(node, entry.toString(), "--inMemoryPersistence", "--silent",
                "--skipApiVersionCheck", "--blobHost", "127.0.0.1", "--queueHost", "127.0.0.1", "--tableHost", "127.0.0.1",
                "--blobPort", Integer.toString(ports[0]), "--queuePort", Integer.toString(ports[1]),
                "--tablePort", Integer.toString(ports[2]));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
        // Azurite would take its accounts from here instead of the development account.
        builder.environment().remove("AZURITE_ACCOUNTS");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            skip("Node.js is needed to run Azurite but `" + node + "` could not be started (" + e.getMessage()
                    + "); skipping.");
            throw e;
        }
        AzuriteProcess azurite = new AzuriteProcess(process, log, ports[0], ports[1], ports[2]);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!(answers(ports[0]) && answers(ports[1]) && answers(ports[2]))) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String output = azurite.log();
                azurite.close();
                throw new AssertionError("Azurite " + VERSION + " did not start listening on " + ports[0] + ", "
                        + ports[1] + " and " + ports[2] + " (exit " + (process.isAlive() ? "-" : process.exitValue())
                        + "):\n" + output);
            }
            Thread.sleep(200);
        }
        return azurite;
    }

    /** A connection string for the development account at this Azurite's ports. */
    String connectionString() {
        return "DefaultEndpointsProtocol=http;AccountName=" + ACCOUNT + ";AccountKey=" + KEY
                + ";BlobEndpoint=http://127.0.0.1:" + blobPort + "/" + ACCOUNT
                + ";QueueEndpoint=http://127.0.0.1:" + queuePort + "/" + ACCOUNT
                + ";TableEndpoint=http://127.0.0.1:" + tablePort + "/" + ACCOUNT + ";";
    }

    /** What Azurite wrote to its standard output and error, for a failure's message. */
    String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Stops Azurite and whatever it started. */
    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Aborts the test with the reason, written to standard error too: surefire counts a class whose
     * {@code @BeforeAll} gives up as having run no test, and shows no reason of its own.
     */
    private static void skip(String reason) {
        System.err.println(reason);
        assumeTrue(false, reason);
    }

    private static boolean installed(Path dir) throws IOException {
        Path manifest = dir.resolve("node_modules/azurite/package.json");
        if (!Files.isRegularFile(manifest)) {
            return false;
        }
        Matcher version = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"").matcher(Files.readString(manifest));
        return version.find() && version.group(1).equals(VERSION);
    }

    private static boolean answers(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int[] freePorts(int n) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket socket = new ServerSocket(0);
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }

    /** Runs a command to its end, its output together; a command that cannot start skips the test. */
    private static String run(List<String> command, Path dir, Duration timeout) throws InterruptedException {
        try {
            Path out = Files.createTempFile("cerulean-azurite-", ".out");
            try {
                Process process;
                try {
                    process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                            .redirectOutput(out.toFile()).start();
                } catch (IOException e) {
                    skip("`" + command.get(0) + "` could not be started (" + e.getMessage()
                            + "); Azurite cannot be installed; skipping.");
                    throw e;
                }
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    return "$ " + String.join(" ", command) + "\n[timed out]\n" + Files.readString(out, StandardCharsets.UTF_8);
                }
                return "$ " + String.join(" ", command) + "\n[exit code " + process.exitValue() + "]\n"
                        + Files.readString(out, StandardCharsets.UTF_8);
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
