package io.cerulean.app;

import io.cerulean.store.cassandra.CassandraStoreConfig;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Where {@code cerulean serve} keeps its data: {@code --store} and the options of the Cassandra
 * store. {@code --in-memory}, the older flag, still means {@code --store memory}.
 */
final class StoreOptions {
    /** The stores a server can keep its data in. */
    enum Kind { ROCKSDB, MEMORY, CASSANDRA }

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--store", paramLabel = "rocksdb|memory|cassandra", defaultValue = "${env:CERULEAN_STORE}",
            description = "Where the data is kept: rocksdb (on this machine, under --data-dir), memory (gone when "
                    + "the server stops) or cassandra (an Apache Cassandra cluster that several servers can share) "
                    + "(env CERULEAN_STORE; default rocksdb).")
    String store;

    @Option(names = "--in-memory", defaultValue = "${env:CERULEAN_IN_MEMORY:-false}",
            description = "The same as --store memory: data is gone when the server stops (env CERULEAN_IN_MEMORY).")
    boolean inMemory;

    @Option(names = "--cassandra-contact-points", paramLabel = "HOST:PORT[,HOST:PORT...]",
            defaultValue = "${env:CERULEAN_CASSANDRA_CONTACT_POINTS}",
            description = "Cassandra nodes to connect to first, with --store cassandra "
                    + "(env CERULEAN_CASSANDRA_CONTACT_POINTS).")
    String contactPoints;

    @Option(names = "--cassandra-local-dc", paramLabel = "NAME",
            defaultValue = "${env:CERULEAN_CASSANDRA_LOCAL_DC:-" + CassandraStoreConfig.DEFAULT_DATACENTER + "}",
            description = "The Cassandra datacenter this server is in (env CERULEAN_CASSANDRA_LOCAL_DC; "
                    + "default ${DEFAULT-VALUE}).")
    String localDatacenter;

    @Option(names = "--cassandra-keyspace", paramLabel = "NAME",
            defaultValue = "${env:CERULEAN_CASSANDRA_KEYSPACE:-" + CassandraStoreConfig.DEFAULT_KEYSPACE + "}",
            description = "The keyspace that holds the data, created when missing (env CERULEAN_CASSANDRA_KEYSPACE; "
                    + "default ${DEFAULT-VALUE}).")
    String keyspace;

    @Option(names = "--cassandra-replication", paramLabel = "N",
            defaultValue = "${env:CERULEAN_CASSANDRA_REPLICATION:-1}",
            description = "Copies of the data when the keyspace is created; a keyspace that exists keeps its own "
                    + "(env CERULEAN_CASSANDRA_REPLICATION; default ${DEFAULT-VALUE}).")
    int replication;

    @Option(names = "--cassandra-username", paramLabel = "NAME", defaultValue = "${env:CERULEAN_CASSANDRA_USERNAME}",
            description = "The Cassandra user, with --cassandra-password (env CERULEAN_CASSANDRA_USERNAME).")
    String username;

    @Option(names = "--cassandra-password", paramLabel = "PASSWORD", defaultValue = "${env:CERULEAN_CASSANDRA_PASSWORD}",
            description = "The Cassandra user's password; prefer the variable, which other users cannot see in the "
                    + "process list (env CERULEAN_CASSANDRA_PASSWORD).", arity = "1")
    String password;

    /** The store asked for; a value that names none, or that contradicts --in-memory, is a usage error. */
    Kind kind() {
        String named = store == null || store.isBlank() ? null : store.trim().toLowerCase(Locale.ROOT);
        if (named == null) {
            return inMemory ? Kind.MEMORY : Kind.ROCKSDB;
        }
        Kind kind = switch (named) {
            case "rocksdb" -> Kind.ROCKSDB;
            case "memory" -> Kind.MEMORY;
            case "cassandra" -> Kind.CASSANDRA;
            default -> throw usage("--store is rocksdb, memory or cassandra, not '" + store + "'");
        };
        if (inMemory && kind != Kind.MEMORY) {
            throw usage("--in-memory (CERULEAN_IN_MEMORY) and --store " + named + " contradict each other");
        }
        return kind;
    }

    /**
     * The Cassandra store's settings, with {@code --store cassandra}; a missing or malformed value is a
     * usage error naming its option.
     */
    CassandraStoreConfig cassandra() {
        if (contactPoints == null || contactPoints.isBlank()) {
            throw usage("--store cassandra needs --cassandra-contact-points HOST:PORT[,HOST:PORT...] "
                    + "(CERULEAN_CASSANDRA_CONTACT_POINTS)");
        }
        try {
            CassandraStoreConfig config = CassandraStoreConfig.of(contactPoints)
                    .withLocalDatacenter(localDatacenter.trim())
                    .withKeyspace(keyspace.trim())
                    .withReplicationFactor(replication);
            return username == null && password == null ? config
                    : config.withCredentials(nullIfEmpty(username), nullIfEmpty(password));
        } catch (IllegalArgumentException e) {
            throw usage("--cassandra-*: " + e.getMessage());
        }
    }

    private static String nullIfEmpty(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
