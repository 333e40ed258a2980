package io.cerulean.cassandra.it;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Real Cassandra nodes for the tests: each a separate JVM running {@code CassandraDaemon} from the
 * jars Maven resolved for {@code cassandra-all} (cerulean-cassandra-runtime writes their classpath),
 * on its own loopback address (127.0.0.1, .2, .3) with its own directory under {@code target/}.
 *
 * <p>Started once per test run: {@link #cluster} keeps one set of nodes for every test class of
 * the module (surefire runs them in one JVM), and a shutdown hook kills them when that JVM exits.
 * Nodes left by a test JVM that was itself killed are found by their pid files and killed at the
 * next start. Timeouts are sized for a loaded 2-core machine, where one node took up to a minute to
 * answer CQL and three up to two minutes.
 *
 * <p>The recipe: single token and no bootstrap (no token allocation, no 30 s sleeps), gossip
 * settling skipped, 512 MiB heaps, JMX off, Cassandra's own JVM flags for Java 17.
 */
public final class CassandraNodes {
    /** Three nodes split the token ring evenly; one node takes the first. */
    private static final long[] TOKENS = {Long.MIN_VALUE, -3074457345618258603L, 3074457345618258602L};
    private static final int CQL_PORT = 9042;
    private static final Duration NODE_START = Duration.ofSeconds(Long.getLong("cassandra.it.nodeStartSeconds", 150));
    private static final Duration CLUSTER_FORM = Duration.ofSeconds(Long.getLong("cassandra.it.clusterSeconds", 240));

    private static CassandraNodes shared;

    private final Path runDir;
    private final String classpath;
    private final List<Node> nodes = new ArrayList<>();

    /** One node, started by this test run. */
    private record Node(int index, String address, Path dir, long token) {
    }

    private final Process[] processes;

    private CassandraNodes(int count) {
        this.runDir = Path.of(System.getProperty("cassandra.run.dir", "target/cassandra")).toAbsolutePath();
        this.classpath = readClasspath();
        String first = System.getProperty("cassandra.it.firstAddress", "127.0.0.1");
        String prefix = first.substring(0, first.lastIndexOf('.') + 1);
        int last = Integer.parseInt(first.substring(first.lastIndexOf('.') + 1));
        for (int i = 0; i < count; i++) {
            nodes.add(new Node(i, prefix + (last + i), runDir.resolve("node" + (i + 1)), TOKENS[i]));
        }
        this.processes = new Process[count];
    }

    /**
     * The run's nodes, {@code count} of them (1 to 3), started on first use. A test asking for a
     * different number than is running gets a new cluster in place of the old one.
     */
    public static synchronized CassandraNodes cluster(int count) {
        if (count < 1 || count > TOKENS.length) {
            throw new IllegalArgumentException("1 to 3 nodes: " + count);
        }
        if (shared != null && shared.nodes.size() != count) {
            shared.stopAll();
            shared = null;
        }
        if (shared == null) {
            CassandraNodes started = new CassandraNodes(count);
            Runtime.getRuntime().addShutdownHook(new Thread(started::stopAll, "cassandra-nodes-stop"));
            started.startFresh();
            shared = started;
        }
        return shared;
    }

    /** HOST:PORT of every node, comma-separated: what {@code --cassandra-contact-points} takes. */
    public String contactPoints() {
        return nodes.stream().map(n -> n.address() + ":" + CQL_PORT).collect(Collectors.joining(","));
    }

    public int size() {
        return nodes.size();
    }

    /** Kills node {@code index} (0-based) with SIGKILL, as a machine failing would, and waits until it is gone. */
    public synchronized void kill(int index) {
        Process process = processes[index];
        if (process != null) {
            process.destroyForcibly();
            waitFor(process);
            processes[index] = null;
        }
    }

    /** Starts node {@code index} again on its existing data and waits until the cluster has it back. */
    public synchronized void restart(int index) {
        long started = System.nanoTime();
        launch(nodes.get(index));
        awaitCql(nodes.get(index), NODE_START);
        awaitNormal(NODE_START);
        report("node " + (index + 1) + " restarted", started);
    }

    /** Stops every node (SIGKILL: their data is thrown away with the run) and waits until they are gone. */
    public synchronized void stopAll() {
        for (Process process : processes) {
            if (process != null) {
                process.destroyForcibly();
            }
        }
        for (int i = 0; i < processes.length; i++) {
            if (processes[i] != null) {
                waitFor(processes[i]);
                processes[i] = null;
            }
        }
    }

    private void startFresh() {
        long started = System.nanoTime();
        killLeftovers();
        deleteRecursively(runDir);
        for (Node node : nodes) {
            render(node);
        }
        // The seed first; the others join it together.
        launch(nodes.get(0));
        awaitCql(nodes.get(0), NODE_START);
        for (Node node : nodes.subList(1, nodes.size())) {
            launch(node);
        }
        for (Node node : nodes.subList(1, nodes.size())) {
            awaitCql(node, CLUSTER_FORM);
        }
        awaitNormal(CLUSTER_FORM);
        report(nodes.size() + " node(s) started", started);
    }

    private void launch(Node node) {
        List<String> command = new ArrayList<>();
        command.add(javaForCassandra());
        command.addAll(jvmOptions());
        command.addAll(List.of("-Xms512m", "-Xmx512m", "-XX:+ExitOnOutOfMemoryError",
                "-Dcassandra.config=" + node.dir().resolve("cassandra.yaml").toUri(),
                "-Dcassandra.storagedir=" + node.dir(),
                "-Dcassandra.logdir=" + node.dir().resolve("logs"),
                "-Dlogback.configurationFile=" + node.dir().resolve("logback.xml"),
                "-Dcassandra-foreground=yes",
                "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-cp", classpath, "org.apache.cassandra.service.CassandraDaemon"));
        try {
            Files.createDirectories(node.dir().resolve("logs"));
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(node.dir().resolve("logs/stdout.log").toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            processes[node.index()] = process;
            Files.writeString(node.dir().resolve("java.pid"), Long.toString(process.pid()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Cassandra node " + node.address(), e);
        }
    }

    /** Waits until the node answers CQL, or fails with where its log is. */
    private void awaitCql(Node node, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Process process = processes[node.index()];
            if (process == null || !process.isAlive()) {
                throw new IllegalStateException("Cassandra node " + node.address() + " exited; see "
                        + node.dir().resolve("logs"));
            }
            if (portOpen(node.address()) && answers(node)) {
                return;
            }
            sleep(250);
        }
        throw new IllegalStateException("Cassandra node " + node.address() + " did not answer CQL within "
                + timeout.toSeconds() + " s; see " + node.dir().resolve("logs"));
    }

    /** Waits until every running node sees every node NORMAL and one schema version. */
    private void awaitNormal(Duration timeout) {
        if (nodes.size() == 1) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            boolean all = true;
            for (Node node : nodes) {
                if (processes[node.index()] == null) {
                    continue;
                }
                String seen = gossip(node);
                last = node.address() + ": " + seen;
                if (!seen.startsWith("ok")) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return;
            }
            sleep(500);
        }
        throw new IllegalStateException("the Cassandra nodes did not agree within " + timeout.toSeconds()
                + " s; last seen " + last);
    }

    /** "ok" when this node sees every node NORMAL with one schema version, else what it sees. */
    private String gossip(Node node) {
        try (CqlSession session = session(node)) {
            Set<String> schemas = new HashSet<>();
            List<String> normal = new ArrayList<>();
            List<String> seen = new ArrayList<>();
            for (Row row : session.execute("SELECT address, status_with_port, \"schema\" FROM system_views.gossip_info")) {
                String status = row.getString("status_with_port");
                seen.add(row.getInetAddress("address").getHostAddress() + "=" + status);
                if (status != null && status.startsWith("NORMAL")) {
                    normal.add(row.getInetAddress("address").getHostAddress());
                }
                schemas.add(String.valueOf(row.getString("schema")));
            }
            boolean everyNode = nodes.stream().allMatch(n -> normal.contains(n.address()));
            return everyNode && schemas.size() == 1 ? "ok" : seen + " schemas " + schemas;
        } catch (RuntimeException e) {
            return e.toString();
        }
    }

    private boolean answers(Node node) {
        try (CqlSession session = session(node)) {
            return session.execute("SELECT release_version FROM system.local").one() != null;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static CqlSession session(Node node) {
        return CqlSession.builder()
                .addContactPoint(new InetSocketAddress(node.address(), CQL_PORT))
                .withLocalDatacenter("datacenter1")
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withString(DefaultDriverOption.PROTOCOL_VERSION, "V4")
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
                        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10))
                        .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
                        .build())
                .build();
    }

    private static boolean portOpen(String address) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, CQL_PORT), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void render(Node node) {
        try {
            Files.createDirectories(node.dir().resolve("logs"));
            String yaml = resource("cassandra/cassandra.yaml")
                    .replace("${token}", Long.toString(node.token()))
                    .replace("${address}", node.address())
                    .replace("${cqlPort}", Integer.toString(CQL_PORT))
                    .replace("${seed}", nodes.get(0).address())
                    .replace("${dir}", node.dir().toString());
            Files.writeString(node.dir().resolve("cassandra.yaml"), yaml);
            Files.writeString(node.dir().resolve("logback.xml"), resource("cassandra/logback.xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cassandra's JVM flags, one or two words a line (a flag and its value): split on spaces. */
    private static List<String> jvmOptions() {
        return resource("cassandra/jvm17-server.options").lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .flatMap(line -> Arrays.stream(line.split("\\s+")))
                .toList();
    }

    /** Cassandra 5.0 runs on Java 11 or 17, not later: this JVM's java if it is one, else a Java 17 named or found. */
    private static String javaForCassandra() {
        int feature = Runtime.version().feature();
        if (feature == 11 || feature == 17) {
            return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
        String home = System.getProperty("cassandra.java.home", System.getenv("JAVA17_HOME"));
        if (home == null) {
            home = "/usr/lib/jvm/java-17-openjdk-amd64";
        }
        Path java = Path.of(home, "bin", "java");
        if (!Files.isExecutable(java)) {
            throw new IllegalStateException("Cassandra 5.0 needs Java 11 or 17; this is Java " + feature
                    + " and no Java 17 at " + home + " (set JAVA17_HOME or -Dcassandra.java.home)");
        }
        return java.toString();
    }

    private static String readClasspath() {
        Path file = Path.of(System.getProperty("cassandra.classpath.file",
                "../cerulean-cassandra-runtime/target/cassandra.classpath"));
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("no Cassandra classpath at " + file
                    + ": build cerulean-cassandra-runtime first (mvn -pl cerulean-cassandra-it -am)", e);
        }
    }

    /** Nodes of an earlier run whose test JVM died before its shutdown hook ran. */
    private void killLeftovers() {
        for (Node node : nodes) {
            Path pidFile = node.dir().resolve("java.pid");
            if (!Files.exists(pidFile)) {
                continue;
            }
            try {
                long pid = Long.parseLong(Files.readString(pidFile).strip());
                ProcessHandle.of(pid)
                        .filter(p -> p.info().commandLine().map(c -> c.contains("CassandraDaemon")).orElse(false))
                        .ifPresent(p -> {
                            p.destroyForcibly();
                            p.onExit().join();
                        });
            } catch (IOException | NumberFormatException e) {
                // nothing to kill
            }
        }
        for (Node node : nodes) {
            if (portOpen(node.address())) {
                throw new IllegalStateException(node.address() + ":" + CQL_PORT
                        + " is taken by another process: stop it, or set -Dcassandra.it.firstAddress");
            }
        }
    }

    private static void waitFor(Process process) {
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void report(String what, long startedNanos) {
        String line = what + " in " + (System.nanoTime() - startedNanos) / 1_000_000 + " ms";
        System.err.println("[cassandra-nodes] " + line);
        try {
            Files.createDirectories(runDir.getParent());
            Files.writeString(runDir.resolveSibling("cassandra-timings.txt"), line + System.lineSeparator(), StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            // the timing is also on stderr
        }
    }

    private static String resource(String name) {
        try (InputStream in = CassandraNodes.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Cassandra", e);
        }
    }
}
