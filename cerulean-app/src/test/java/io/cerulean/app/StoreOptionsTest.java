package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
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
        CassandraConfig config = parse("--store", "cassandra", "--cassandra-contact-points", "127.0.0.1:9042").cassandra();
        assertThat(config).isEqualTo(CassandraConfig.of(List.of(InetSocketAddress.createUnresolved("127.0.0.1", 9042))));
        assertThat(config.localDatacenter()).isEqualTo("datacenter1");
        assertThat(config.keyspace()).isEqualTo("cerulean");
        assertThat(config.replication()).isEqualTo(1);
        assertThat(config.username()).isEmpty();
    }

    @Test
    void everyCassandraOptionIsCarriedAndThePasswordNeverShown() {
        CassandraConfig config = parse("--store", "cassandra",
                "--cassandra-contact-points", "127.0.0.1:9042, 127.0.0.2:9043,[::1]:9044,cassandra.example:9042",
                "--cassandra-local-dc", "dc2", "--cassandra-keyspace", "tables_1", "--cassandra-replication", "3",
                "--cassandra-username", "cerulean", "--cassandra-password", "s3cret").cassandra();
        assertThat(config.contactPoints()).containsExactly(InetSocketAddress.createUnresolved("127.0.0.1", 9042),
                InetSocketAddress.createUnresolved("127.0.0.2", 9043), InetSocketAddress.createUnresolved("::1", 9044),
                InetSocketAddress.createUnresolved("cassandra.example", 9042));
        assertThat(config).extracting(CassandraConfig::localDatacenter, CassandraConfig::keyspace,
                CassandraConfig::replication, CassandraConfig::username, CassandraConfig::password)
                .containsExactly("dc2", "tables_1", 3, Optional.of("cerulean"), Optional.of("s3cret"));
        assertThat(config.toString()).contains("cerulean").doesNotContain("s3cret");
    }

    @Test
    void aContactPointThatIsNotHostColonPortIsAUsageErrorNamingIt() {
        for (String bad : List.of("cassandra.example", "127.0.0.1:", "127.0.0.1:port", "127.0.0.1:70000",
                ":9042", "::1:9042", "127.0.0.1:9042,,127.0.0.2:9042")) {
            String[] outcome = refused("--store", "cassandra", "--cassandra-contact-points", bad);
            assertThat(outcome[0]).as("exit code for '%s'", bad).isEqualTo(Integer.toString(ServeCommand.EXIT_BAD_CONFIG));
            assertThat(outcome[1]).as("message for '%s'", bad).contains("HOST:PORT").doesNotContain("\tat ");
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

    /** Until the Cassandra store is wired in: a clear refusal, as a usage error, and nothing started. */
    @Test
    void theCassandraStoreIsNotAvailableInThisBuild() {
        String[] outcome = refused("--store", "cassandra", "--cassandra-contact-points", "127.0.0.1:9042", "--port", "0");
        assertThat(outcome[0]).isEqualTo(Integer.toString(ServeCommand.EXIT_BAD_CONFIG));
        assertThat(outcome[1]).contains("not available in this build");
    }
}
