package io.cerulean.cassandra.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Cerulean server as its own process on a Cassandra store, as an operator runs one: started with
 * {@code cerulean serve --store cassandra} from this JVM's classpath, killed with SIGKILL as a
 * failing machine would be. Its output goes to a log file beside the nodes' data.
 */
final class ServerProcess implements AutoCloseable {
    private static final Duration START = Duration.ofSeconds(90);

    private final String name;
    private final int port;
    private final Process process;
    private final Path log;

    private ServerProcess(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts a server on {@code keyspace} of {@code nodes} (created with {@code replication} copies
     * when missing) and waits until it takes connections.
     */
    static ServerProcess start(String name, CassandraNodes nodes, String keyspace, int replication) {
        return start(name, List.of("--store", "cassandra",
                "--cassandra-contact-points", nodes.contactPoints(),
                "--cassandra-keyspace", keyspace,
                "--cassandra-replication", Integer.toString(replication)));
    }

    /** Starts a server on RocksDB in {@code dataDir}, the default store, for figures to compare with. */
    static ServerProcess startOnRocksDb(String name, Path dataDir) {
        return start(name, List.of("--store", "rocksdb", "--data-dir", dataDir.toString()));
    }

    private static ServerProcess start(String name, List<String> storeArguments) {
        int port = freePort();
        Path runDir = Path.of(System.getProperty("cassandra.run.dir", "target/cassandra")).toAbsolutePath();
        Path log = runDir.resolve("server-" + name + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx96m", "-Xmn48m", "-XX:+UseSerialGC")); // as the launcher starts a server
        // Opt-in, for profiling the servers of a figures run: e.g. -XX:StartFlightRecording=...
        String extra = System.getProperty("cerulean.server.jvmOptions", "").strip();
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+")));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.cerulean.app.Main", "serve"));
        command.addAll(storeArguments);
        command.addAll(List.of("--host", "127.0.0.1", "--port", Integer.toString(port), "--queue-port", "0",
                "--blob-port", "0"));
        try {
            Files.createDirectories(runDir);
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            ServerProcess server = new ServerProcess(name, port, process, log);
            server.awaitListening();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    /** The Table endpoint of the development account on this server. */
    String endpoint() {
        return "http://127.0.0.1:" + port + "/devstoreaccount1";
    }

    /** The connection string a client of this server uses. */
    String connectionString() {
        return "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
                + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
                + "TableEndpoint=" + endpoint() + ";";
    }

    /** Kills the server with SIGKILL, mid-request if it is in one, and waits until it is gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    private void awaitListening() {
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("server " + name + " exited with " + process.exitValue()
                        + "; its log: " + log);
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                sleep(100);
            }
        }
        kill();
        throw new IllegalStateException("server " + name + " did not listen within " + START + "; its log: " + log);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops the server as an operator would (SIGTERM), so that it closes cleanly; SIGKILL if it hangs. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (process.waitFor(15, TimeUnit.SECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        kill();
    }
}
