package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.store.cassandra.CassandraStoreConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code cerulean serve}'s store options: which store, and how to reach a Cassandra cluster. */
class StoreOptionsTest {
    private static StoreOptions parse(String... args) {
        ServeCommand serve = new ServeCommand();
        new CommandLine(serve).parseArgs(args);
        return serve.storeOptions;
    }

    /** Runs {@code cerulean serve} with a command line that stops before anything is started. */
    private static String[] refused(String... args) {
        StringWriter err = new StringWriter();
        String[] command = new String[args.length + 1];
        command[0] = "serve";
        System.arraycopy(args, 0, command, 1, args.length);
        // Usage errors go to the command line's writer, a refused start to the process's standard error.
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        try {
            int exit = Main.commandLine().setErr(new PrintWriter(err, true)).execute(command);
            return new String[] {Integer.toString(exit), err + stderr.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setErr(original);
        }
    }

    @Test
    void rocksDbIsTheDefaultAndInMemoryStillMeansMemory() {
        assertThat(parse().kind()).isEqualTo(StoreOptions.Kind.ROCKSDB);
        assertThat(parse("--in-memory").kind()).isEqualTo(StoreOptions.Kind.MEMORY);
        assertThat(parse("--store", "memory").kind()).isEqualTo(StoreOptions.Kind.MEMORY);
        assertThat(parse("--store", "Cassandra").kind()).isEqualTo(StoreOptions.Kind.CASSANDRA);
        assertThat(parse("--in-memory", "--store", "memory").kind()).isEqualTo(StoreOptions.Kind.MEMORY);
    }

    @Test
    void anUnknownStoreOrOneThatContradictsInMemoryIsAUsageError() {
        assertThatThrownBy(() -> parse("--store", "postgres").kind()).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("rocksdb, memory or cassandra");
        assertThatThrownBy(() -> parse("--in-memory", "--store", "rocksdb").kind())
                .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining("contradict");
    }

    @Test
    void cassandraOptionsHaveTheirDefaults() {
        CassandraStoreConfig config = parse("--store", "cassandra", "--cassandra-contact-points", "127.0.0.1:9042").cassandra();
        assertThat(config).isEqualTo(CassandraStoreConfig.of("127.0.0.1:9042"));
        assertThat(config.localDatacenter()).isEqualTo("datacenter1");
        assertThat(config.keyspace()).isEqualTo("cerulean");
        assertThat(config.replicationFactor()).isEqualTo(1);
        assertThat(config.username()).isNull();
    }

    @Test
    void everyCassandraOptionIsCarriedAndThePasswordNeverShown() {
        CassandraStoreConfig config = parse("--store", "cassandra",
                "--cassandra-contact-points", "127.0.0.1:9042, 127.0.0.2:9043,[::1]:9044,cassandra.example",
                "--cassandra-local-dc", "dc2", "--cassandra-keyspace", "tables_1", "--cassandra-replication", "3",
                "--cassandra-username", "cerulean", "--cassandra-password", "s3cret").cassandra();
        assertThat(config.contactPoints()).containsExactly("127.0.0.1:9042", "127.0.0.2:9043", "[::1]:9044",
                "cassandra.example");
        assertThat(config).extracting(CassandraStoreConfig::localDatacenter, CassandraStoreConfig::keyspace,
                CassandraStoreConfig::replicationFactor, CassandraStoreConfig::username, CassandraStoreConfig::password)
                .containsExactly("dc2", "tables_1", 3, "cerulean", "s3cret");
        assertThat(config.toString()).contains("cerulean").doesNotContain("s3cret");
    }

    @Test
    void aContactPointThatIsNotHostColonPortIsAUsageErrorNamingIt() {
        for (String bad : List.of("127.0.0.1:", "127.0.0.1:port", "127.0.0.1:70000", ":9042", "::1:9042",
                "[::1]9042")) {
            String[] outcome = refused("--store", "cassandra", "--cassandra-contact-points", bad);
            assertThat(outcome[0]).as("exit code for '%s'", bad).isEqualTo(Integer.toString(ServeCommand.EXIT_BAD_CONFIG));
            assertThat(outcome[1]).as("message for '%s'", bad).contains("HOST:PORT").contains(bad)
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void badCassandraSettingsAreUsageErrors() {
        String points = "127.0.0.1:9042";
        assertThat(refused("--store", "cassandra")[1]).contains("--cassandra-contact-points");
        assertThat(refused("--store", "cassandra", "--cassandra-contact-points", points,
                "--cassandra-replication", "0")[1]).contains("at least 1");
        assertThat(refused("--store", "cassandra", "--cassandra-contact-points", points,
                "--cassandra-keyspace", "no-dashes")[1]).contains("keyspace");
        assertThat(refused("--store", "cassandra", "--cassandra-contact-points", points,
                "--cassandra-username", "alone")[1]).contains("go together");
    }

    /** No node answers at the contact points: a message of its own, exit code 5, and nothing left behind. */
    @Test
    void aClusterThatCannotBeReachedEndsTheStartWithItsOwnExitCode() {
        String[] outcome = refused("--store", "cassandra", "--cassandra-contact-points", "127.0.0.1:1", "--port", "0");
        assertThat(outcome[0]).isEqualTo(Integer.toString(ServeCommand.EXIT_STORE_UNREACHABLE));
        assertThat(outcome[1]).contains("cannot be reached").contains("127.0.0.1:1").doesNotContain("\tat ");
    }
}
