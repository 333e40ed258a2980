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

    /** {@code HOST[:PORT]}, an IPv6 address in brackets ({@code [::1]:9042}); the port is 9042 when left out. */
    private static InetSocketAddress address(String hostPort) {
        String host = hostPort;
        String port = null;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0 || (close + 1 < hostPort.length() && hostPort.charAt(close + 1) != ':')) {
                throw malformed(hostPort, null);
            }
            host = hostPort.substring(1, close);
            port = close + 1 < hostPort.length() ? hostPort.substring(close + 2) : null;
        } else if (hostPort.indexOf(':') != hostPort.lastIndexOf(':')) {
            throw malformed(hostPort, null); // an IPv6 address without brackets: where would its port be?
        } else if (hostPort.indexOf(':') >= 0) {
            host = hostPort.substring(0, hostPort.indexOf(':'));
            port = hostPort.substring(hostPort.indexOf(':') + 1);
        }
        if (host.isBlank()) {
            throw malformed(hostPort, null);
        }
        int number = DEFAULT_PORT;
        if (port != null) {
            try {
                number = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                throw malformed(hostPort, e);
            }
        }
        if (number < 1 || number > 65535) {
            throw malformed(hostPort, null);
        }
        return InetSocketAddress.createUnresolved(host, number);
    }

    private static IllegalArgumentException malformed(String hostPort, Throwable cause) {
        return new IllegalArgumentException("a contact point is HOST:PORT (port 1-65535, 9042 when left out, an "
                + "IPv6 address in brackets such as [::1]:9042), not '" + hostPort + "'", cause);
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return "CassandraStoreConfig[contactPoints=" + contactPoints + ", localDatacenter=" + localDatacenter
                + ", keyspace=" + keyspace + ", replicationFactor=" + replicationFactor + ", username=" + username
                + ", requestTimeout=" + requestTimeout + "]";
    }
}
