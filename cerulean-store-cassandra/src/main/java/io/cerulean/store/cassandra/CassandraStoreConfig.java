package io.cerulean.store.cassandra;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where the cluster is and how to use it.
 *
 * @param contactPoints     HOST:PORT of one or more nodes (the port defaults to 9042); the driver
 *                          finds the others
 * @param localDatacenter   the data centre whose nodes the driver prefers, {@code datacenter1} by default
 * @param keyspace          the keyspace holding Cerulean's tables, {@code cerulean} by default;
 *                          created when missing, used as it is when an operator created it
 * @param replicationFactor the replication factor in {@code localDatacenter} when the keyspace is
 *                          created, 1 by default; ignored for a keyspace that exists
 * @param username          for password authentication, or null
 * @param password          with {@code username}, or null
 * @param requestTimeout    how long one request to the cluster may take before the store answers
 *                          that it is unavailable
 */
public record CassandraStoreConfig(List<String> contactPoints, String localDatacenter, String keyspace,
        int replicationFactor, String username, String password, Duration requestTimeout) {
    public static final String DEFAULT_DATACENTER = "datacenter1";
    public static final String DEFAULT_KEYSPACE = "cerulean";
    public static final int DEFAULT_PORT = 9042;
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

    public CassandraStoreConfig {
        contactPoints = List.copyOf(Objects.requireNonNull(contactPoints, "contactPoints"));
        Objects.requireNonNull(localDatacenter, "localDatacenter");
        Objects.requireNonNull(keyspace, "keyspace");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (contactPoints.isEmpty()) {
            throw new IllegalArgumentException("at least one contact point, HOST:PORT");
        }
        contactPoints.forEach(CassandraStoreConfig::address);
        if (!keyspace.matches("[a-z][a-z0-9_]{0,47}")) {
            throw new IllegalArgumentException("a keyspace name is lower-case letters, digits and '_', at most 48: "
                    + keyspace);
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException("the replication factor is at least 1: " + replicationFactor);
        }
        if ((username == null) != (password == null)) {
            throw new IllegalArgumentException("a username and a password go together");
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("the request timeout is positive: " + requestTimeout);
        }
    }

    /** The defaults, with contact points given as {@code HOST:PORT[,HOST:PORT...]}. */
    public static CassandraStoreConfig of(String contactPoints) {
        return new CassandraStoreConfig(Arrays.stream(contactPoints.split(",")).map(String::strip)
                .filter(s -> !s.isEmpty()).toList(), DEFAULT_DATACENTER, DEFAULT_KEYSPACE, 1, null, null,
                DEFAULT_REQUEST_TIMEOUT);
    }

    public CassandraStoreConfig withKeyspace(String keyspace) {
        return new CassandraStoreConfig(contactPoints, localDatacenter, keyspace, replicationFactor, username,
                password, requestTimeout);
    }

    public CassandraStoreConfig withLocalDatacenter(String localDatacenter) {
        return new CassandraStoreConfig(contactPoints, localDatacenter, keyspace, replicationFactor, username,
                password, requestTimeout);
    }

    public CassandraStoreConfig withReplicationFactor(int replicationFactor) {
        return new CassandraStoreConfig(contactPoints, localDatacenter, keyspace, replicationFactor, username,
                password, requestTimeout);
    }

    public CassandraStoreConfig withCredentials(String username, String password) {
        return new CassandraStoreConfig(contactPoints, localDatacenter, keyspace, replicationFactor, username,
                password, requestTimeout);
    }

    public CassandraStoreConfig withRequestTimeout(Duration requestTimeout) {
        return new CassandraStoreConfig(contactPoints, localDatacenter, keyspace, replicationFactor, username,
                password, requestTimeout);
    }

    /** The contact points as socket addresses, resolved now. */
    List<InetSocketAddress> addresses() {
        return contactPoints.stream().map(CassandraStoreConfig::address).toList();
    }

    private static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
        if (host.isBlank()) {
            throw new IllegalArgumentException("a contact point is HOST:PORT: '" + hostPort + "'");
        }
        int port = DEFAULT_PORT;
        if (colon >= 0) {
            try {
                port = Integer.parseInt(hostPort.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("a contact point is HOST:PORT: '" + hostPort + "'", e);
            }
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("a port is 1 to 65535: '" + hostPort + "'");
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return "CassandraStoreConfig[contactPoints=" + contactPoints + ", localDatacenter=" + localDatacenter
                + ", keyspace=" + keyspace + ", replicationFactor=" + replicationFactor + ", username=" + username
                + ", requestTimeout=" + requestTimeout + "]";
    }
}
