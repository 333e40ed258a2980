package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code cerulean serve} as its users run it: options, environment, exit codes and messages. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CommandLineTest {
    private static final SecureRandom RANDOM = new SecureRandom();

    @TempDir
    Path temp;

    // ---- exit codes: 2 port in use, 3 data directory unusable, 4 bad configuration (5, store unreachable, comes with Cassandra) ----

    @Test
    void secondServerOnTheSameDataDirectoryExits3() {
        Path dataDir = temp.resolve("cerulean-proc-locked-data");
        try (ServerProcess first = ServerProcess.launch().dataDir(dataDir).start()) {
            first.serviceClient().createTable("owned");

            ServerProcess.Exited second = ServerProcess.launch().dataDir(dataDir).run();

            assertThat(second.code()).as("exit code%s", describe(second)).isEqualTo(3);
            assertThat(firstMessage(second)).as("message%s", describe(second))
                    .contains(dataDir.toString()).containsIgnoringCase("in use");
            assertThat(second.output()).as("no stack trace%s", describe(second)).doesNotContain("\tat ");
            assertThat(first.isAlive()).as("the first server still runs").isTrue();
            assertThat(first.serviceClient().listTables()).extracting(t -> t.getName()).containsExactly("owned");
        }
    }

    @Test
    void takenPortExits2() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            ServerProcess.Exited exited = ServerProcess.launch().dataDir(temp.resolve("cerulean-proc-port-data"))
                    .port(port).run();

            assertThat(exited.code()).as("exit code%s", describe(exited)).isEqualTo(2);
            assertThat(firstMessage(exited)).as("message%s", describe(exited))
                    .contains(Integer.toString(port)).containsIgnoringCase("in use");
            assertThat(exited.output()).as("no stack trace%s", describe(exited)).doesNotContain("\tat ");
        }
    }

    @Test
    void dataDirectoryThatIsARegularFileExits3() throws IOException {
        Path file = Files.writeString(temp.resolve("cerulean-proc-not-a-dir"), "I am a file");

        ServerProcess.Exited exited = ServerProcess.launch().dataDir(file).run();

        assertThat(exited.code()).as("exit code%s", describe(exited)).isEqualTo(3);
        assertThat(firstMessage(exited)).as("a message that says what is wrong%s", describe(exited))
                .contains(file.toString())
                .containsPattern("(?i)not a (writable )?directory|is a (regular )?file|exists and is not");
        assertThat(exited.output()).as("no stack trace%s", describe(exited)).doesNotContain("\tat ");
        assertThat(Files.readString(file)).as("the file is untouched").isEqualTo("I am a file");
    }

    /**
     * A data directory whose tables are in a key format this release does not read (one a newer
     * Cerulean wrote) is refused before anything is changed, with both formats named.
     */
    @Test
    void dataDirectoryOfANewerTableFormatExits3Untouched() {
        Path dataDir = temp.resolve("cerulean-proc-newer-format");
        Space state = KeySpaces.SERVER_STATE.single();
        byte[] tableFormat = "table-format".getBytes(StandardCharsets.US_ASCII);
        try (RocksDbKeyValueStore store = RocksDbKeyValueStore.open(dataDir)) {
            store.commit(state, tableFormat, List.of(RecordMutation.put(new byte[0],
                    new StoredValue(99, StoredValue.allocate(0)), Precondition.NONE)));
            store.whenDurable().join();
        }

        ServerProcess.Exited exited = ServerProcess.launch().dataDir(dataDir).run();

        assertThat(exited.code()).as("exit code%s", describe(exited)).isEqualTo(3);
        assertThat(firstMessage(exited)).as("message%s", describe(exited))
                .contains("key format 99").contains("reads format 1");
        assertThat(exited.output()).as("no stack trace%s", describe(exited)).doesNotContain("\tat ");
        try (RocksDbKeyValueStore store = RocksDbKeyValueStore.open(dataDir)) {
            assertThat(store.get(state, tableFormat, new byte[0])).as("the format is as it was")
                    .hasValueSatisfying(value -> assertThat(value.version()).isEqualTo(99));
        }
    }

    static Stream<Arguments> badConfigurations() {
        return Stream.of(
                Arguments.of("--account with three keys", List.of("--account", "acct:c2VjcmV0MQ==:c2VjcmV0Mg==:"
                        + "c2VjcmV0Mw=="), Map.of(), List.of("c2VjcmV0MQ==", "c2VjcmV0Mg==", "c2VjcmV0Mw==")),
                Arguments.of("--account without a key", List.of("--account", "lonely"), Map.of(), List.of()),
                Arguments.of("--account with an empty name", List.of("--account", ":c2VjcmV0S2V5UGFydA=="),
                        Map.of(), List.of("c2VjcmV0S2V5UGFydA==")),
                Arguments.of("--account with a key that is not base64", List.of("--account",
                        "acct:not*base64*secret"), Map.of(), List.of("not*base64*secret", "base64*secret")),
                Arguments.of("CERULEAN_ACCOUNTS malformed", List.of(), Map.of("CERULEAN_ACCOUNTS",
                        "good:c2VjcmV0MQ==;bad:k3y*secret:c2VjcmV0Mg==:c2VjcmV0Mw=="), List.of("k3y*secret",
                        "c2VjcmV0Mg==", "c2VjcmV0Mw==")),
                // AZURITE_ACCOUNTS takes any key as Azurite does (AzuriteAccountsTest), but not three of them.
                Arguments.of("AZURITE_ACCOUNTS malformed", List.of(), Map.of("AZURITE_ACCOUNTS",
                        "az:c2VjcmV0MQ==:s3cr3t*value:c2VjcmV0Mw=="), List.of("c2VjcmV0MQ==", "s3cr3t*value",
                        "c2VjcmV0Mw==")),
                // Not only accounts: every bad setting is a configuration error, exit code 4.
                Arguments.of("--port that is not a number", List.of("--port", "abc"), Map.of(), List.of()),
                Arguments.of("CERULEAN_PORT that is not a number", List.of(), Map.of("CERULEAN_PORT", "abc"),
                        List.of()),
                Arguments.of("--port out of range", List.of("--port", "99999"), Map.of(), List.of()),
                Arguments.of("--host that does not resolve", List.of("--host", "no-such-host.invalid"), Map.of(),
                        List.of()),
                Arguments.of("--cache-mb below 16", List.of("--cache-mb", "8"), Map.of(), List.of()),
                Arguments.of("CERULEAN_CACHE_MB that is not a number", List.of(), Map.of("CERULEAN_CACHE_MB", "lots"),
                        List.of()),
                Arguments.of("--worker-threads 0", List.of("--worker-threads", "0"), Map.of(), List.of()),
                Arguments.of("--idle-timeout-s 0", List.of("--idle-timeout-s", "0"), Map.of(), List.of()),
                Arguments.of("CERULEAN_MAX_CONNECTIONS 0", List.of(), Map.of("CERULEAN_MAX_CONNECTIONS", "0"), List.of()),
                Arguments.of("CERULEAN_WORKER_THREADS beyond 1024", List.of(),
                        Map.of("CERULEAN_WORKER_THREADS", "5000"), List.of()),
                Arguments.of("--store that names no store", List.of("--store", "postgres"), Map.of(), List.of()),
                Arguments.of("CERULEAN_STORE cassandra and a contact point whose port is not a number", List.of(),
                        Map.of("CERULEAN_STORE", "cassandra", "CERULEAN_CASSANDRA_CONTACT_POINTS", "cassandra.example:cql"),
                        List.of()),
                Arguments.of("CERULEAN_CASSANDRA_REPLICATION 0", List.of("--store", "cassandra"),
                        Map.of("CERULEAN_CASSANDRA_CONTACT_POINTS", "127.0.0.1:9042", "CERULEAN_CASSANDRA_REPLICATION",
                                "0"), List.of()),
                Arguments.of("a Cassandra password without a user", List.of("--store", "cassandra",
                        "--cassandra-contact-points", "127.0.0.1:9042"), Map.of("CERULEAN_CASSANDRA_PASSWORD",
                        "cassandra-s3cret"), List.of("cassandra-s3cret")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badConfigurations")
    void badConfigurationExits4WithoutPrintingKeys(String name, List<String> args, Map<String, String> env,
                                                   List<String> secrets) {
        ServerProcess.Launch launch = ServerProcess.launch().dataDir(temp.resolve("cerulean-proc-config-data"))
                .args(args.toArray(String[]::new));
        boolean portGiven = args.contains("--port") || env.containsKey("CERULEAN_PORT");
        if (portGiven) {
            launch.port(null);
        }
        env.forEach(launch::env);

        ServerProcess.Exited exited = launch.run();

        assertThat(exited.code()).as("exit code%s", describe(exited)).isEqualTo(4);
        assertThat(firstMessage(exited)).as("message%s", describe(exited)).isNotBlank();
        assertThat(exited.output()).as("no stack trace%s", describe(exited)).doesNotContain("\tat ");
        for (String secret : secrets) {
            assertThat(exited.output()).as("the output shows no key").doesNotContain(secret);
        }
    }

    // ---- accounts ----

    enum AccountSource { OPTION, CERULEAN_ACCOUNTS, AZURITE_ACCOUNTS }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(AccountSource.class)
    void configuredAccountsServeTheSdk(AccountSource source) {
        String key1 = randomKey();
        String key2 = randomKey();
        String otherKey = randomKey();
        ServerProcess.Launch launch = ServerProcess.launch().inMemory().workDir(temp);
        switch (source) {
            case OPTION -> launch.args("--account", "other:" + key1 + ":" + key2, "--account", "third:" + otherKey);
            case CERULEAN_ACCOUNTS -> launch.env("CERULEAN_ACCOUNTS", "other:" + key1 + ":" + key2 + ";third:"
                    + otherKey);
            case AZURITE_ACCOUNTS -> launch.env("AZURITE_ACCOUNTS", "other:" + key1 + ":" + key2 + ";third:"
                    + otherKey);
            default -> throw new IllegalArgumentException();
        }
        try (ServerProcess server = launch.start()) {
            assertThat(server.output()).as("keys are not logged").doesNotContain(key1, key2, otherKey);

            roundTrip(server, "other", key1, "withkeyone");
            roundTrip(server, "other", key2, "withkeytwo");
            roundTrip(server, "third", otherKey, "third");
            roundTrip(server, ServerProcess.DEV_ACCOUNT, ServerProcess.DEV_KEY, "dev");

            // Both keys see the same account; accounts do not see each other's tables.
            assertThat(server.serviceClient(server.connectionString("other", key2)).listTables())
                    .extracting(t -> t.getName()).containsExactlyInAnyOrder("withkeyone", "withkeytwo");
            assertThat(server.serviceClient(server.connectionString("third", otherKey)).listTables())
                    .extracting(t -> t.getName()).containsExactly("third");

            assertAuthenticationFails(server, "other", randomKey());
            assertAuthenticationFails(server, "other", otherKey);
            assertAuthenticationFails(server, ServerProcess.DEV_ACCOUNT, key1);
        }
        assertThat(temp.resolve("cerulean-data")).as("--in-memory writes no data directory").doesNotExist();
    }

    @Test
    void workerThreadsSetsHowManyThreadsRunRequests() throws Exception {
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp)
                .env("CERULEAN_WORKER_THREADS", "3").start()) {
            TableClient table = server.serviceClient().createTable("workers");
            // Sixteen clients at once, each with a transaction and a query: three threads run them all.
            ExecutorService clients = Executors.newFixedThreadPool(16);
            try {
                List<Future<Integer>> counts = new ArrayList<>();
                for (int c = 0; c < 16; c++) {
                    String partition = "p" + c;
                    counts.add(clients.submit(() -> {
                        List<TableTransactionAction> actions = new ArrayList<>();
                        for (int i = 0; i < 50; i++) {
                            actions.add(new TableTransactionAction(TableTransactionActionType.CREATE,
                                    new TableEntity(partition, String.format("r%03d", i))));
                        }
                        table.submitTransaction(actions);
                        return (int) table.listEntities(new ListEntitiesOptions()
                                .setFilter("PartitionKey eq '" + partition + "'"), null, null).stream().count();
                    }));
                }
                for (Future<Integer> count : counts) {
                    assertThat(count.get(60, TimeUnit.SECONDS)).isEqualTo(50);
                }
            } finally {
                clients.shutdownNow();
            }
            assertThat(workerThreadsOf(server)).as("threads named cerulean-worker-*").isBetween(1L, 3L);
        }
    }

    @Test
    void ceruleanPortPicksThePort() {
        int port = ServerProcess.freePort();
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp).port(null)
                .env("CERULEAN_PORT", Integer.toString(port)).start()) {
            assertThat(server.port()).as("the port in the ready line").isEqualTo(port);
            String connectionString = ServerProcess.connectionString("http://127.0.0.1:" + port,
                    ServerProcess.DEV_ACCOUNT, ServerProcess.DEV_KEY);
            ServerProcess.serviceClient(connectionString).createTable("onport");
            assertThat(ServerProcess.serviceClient(connectionString).listTables()).extracting(t -> t.getName())
                    .containsExactly("onport");
        }
    }

    /**
     * The runnable jar on a Cassandra cluster none of whose nodes answers: its own exit code, a message
     * naming the contact points, nothing left behind. (It also shows the jar carries the driver whole:
     * without its merged reference.conf the driver fails before it tries a node.)
     */
    @Test
    void aCassandraClusterThatCannotBeReachedExits5() {
        ServerProcess.Exited exited = ServerProcess.launch().workDir(temp).env("CERULEAN_STORE", "cassandra")
                .env("CERULEAN_CASSANDRA_CONTACT_POINTS", "127.0.0.1:1,127.0.0.1:2").run();
        assertThat(exited.code()).as("exit code%s", describe(exited)).isEqualTo(5);
        assertThat(firstMessage(exited)).as("message%s", describe(exited)).contains("cannot be reached")
                .contains("127.0.0.1:1");
        assertThat(temp.resolve("cerulean-data")).as("no data directory").doesNotExist();
    }

    @Test
    void ceruleanStoreMemoryIsTheSameAsInMemory() {
        try (ServerProcess server = ServerProcess.launch().workDir(temp).env("CERULEAN_STORE", "memory").start()) {
            server.serviceClient().createTable("inmemory");
            assertThat(server.serviceClient().listTables()).hasSize(1);
        }
        assertThat(temp.resolve("cerulean-data")).as("--store memory writes no data directory").doesNotExist();
    }

    @Test
    void inMemoryKeepsNothingAcrossRestarts() {
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp).start()) {
            server.serviceClient().createTable("gone");
            server.tableClient("gone").createEntity(new TableEntity("p", "r").addProperty("X", 1));
            assertThat(server.serviceClient().listTables()).hasSize(1);
            server.terminate(ServerProcess.EXIT_TIMEOUT);
        }
        try (ServerProcess server = ServerProcess.launch().inMemory().workDir(temp).start()) {
            assertThat(server.serviceClient().listTables()).as("tables after a restart").isEmpty();
            TableServiceException e = catchThrowableOfType(TableServiceException.class,
                    () -> server.tableClient("gone").getEntity("p", "r"));
            assertThat(e).isNotNull();
            assertThat(e.getResponse().getStatusCode()).isEqualTo(404);
        }
        try (Stream<Path> left = Files.list(temp)) {
            assertThat(left).as("files an in-memory server left in its working directory").isEmpty();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    // ---- helpers ----

    private static long workerThreadsOf(ServerProcess server) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(server.pid()), "task"))) {
            return tasks.filter(task -> {
                try {
                    return Files.readString(task.resolve("comm")).startsWith("cerulean-worke");
                } catch (IOException e) {
                    return false; // the thread ended while listed
                }
            }).count();
        }
    }

    private static void roundTrip(ServerProcess server, String account, String key, String tableName) {
        TableServiceClient service = server.serviceClient(server.connectionString(account, key));
        TableClient table = service.createTable(tableName);
        table.createEntity(new TableEntity("pk", "rk").addProperty("Account", account));
        TableEntity read = ServerProcess.tableClient(server.connectionString(account, key), tableName)
                .getEntity("pk", "rk");
        assertThat(read.getProperty("Account")).isEqualTo(account);
        assertThat(service.listTables()).extracting(t -> t.getName()).contains(tableName);
    }

    private static void assertAuthenticationFails(ServerProcess server, String account, String key) {
        // The SDK reports errors of listTables as an HttpResponseException of an internal type.
        HttpResponseException e = catchThrowableOfType(HttpResponseException.class,
                () -> server.serviceClient(server.connectionString(account, key)).listTables().stream().count());
        assertThat(e).as("listing the tables of %s with a wrong key", account).isNotNull();
        assertThat(e.getResponse().getStatusCode()).as("status of %s with a wrong key", account).isEqualTo(403);
        assertThat(e.getMessage()).as("error code").contains("\"code\":\"AuthenticationFailed\"");
        assertThat(e.getResponse().getHeaderValue("x-ms-error-code")).isEqualTo("AuthenticationFailed");
    }

    private static String randomKey() {
        byte[] key = new byte[64];
        RANDOM.nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    /** The first line of stderr, which must be the tool's own message. */
    private static String firstMessage(ServerProcess.Exited exited) {
        String first = exited.stderr().lines().findFirst().orElse("");
        assertThat(first).as("the first line of stderr%s", describe(exited)).startsWith("cerulean: ");
        return first;
    }

    private static String describe(ServerProcess.Exited exited) {
        return "\n  exit code " + exited.code() + ", output:\n" + exited.output().indent(4);
    }
}
