package io.cerulean.app;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How to reach the Apache Cassandra cluster that keeps the data with {@code --store cassandra}:
 * where to connect, the local datacenter the driver routes to, the keyspace (created when missing,
 * with {@code replication} copies; one an operator created beforehand is used as it is), and the
 * credentials, if the cluster wants any.
 *
 * <p>Contact points stay unresolved: a host name is looked up when the store connects, not when the
 * command line is read. {@link #toString()} never shows the password.
 */
public record CassandraConfig(List<InetSocketAddress> contactPoints, String localDatacenter, String keyspace,
                              int replication, Optional<String> username, Optional<String> password) {
    public static final String DEFAULT_LOCAL_DATACENTER = "datacenter1";
    public static final String DEFAULT_KEYSPACE = "cerulean";
    public static final int DEFAULT_PORT = 9042;
    /** CQL's unquoted identifiers, which a keyspace name must be: letters, digits and _, at most 48. */
    private static final Pattern KEYSPACE = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    /** @throws IllegalArgumentException for a value Cassandra would refuse, saying which */
    public CassandraConfig {
        contactPoints = List.copyOf(Objects.requireNonNull(contactPoints, "contactPoints"));
        Objects.requireNonNull(localDatacenter, "localDatacenter");
        Objects.requireNonNull(keyspace, "keyspace");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        if (contactPoints.isEmpty()) {
            throw new IllegalArgumentException("the Cassandra store needs at least one contact point, HOST:PORT");
        }
        if (localDatacenter.isBlank()) {
            throw new IllegalArgumentException("the local datacenter must be named");
        }
        if (!KEYSPACE.matcher(keyspace).matches()) {
            throw new IllegalArgumentException("a keyspace is a letter then up to 47 letters, digits or _, not '"
                    + keyspace + "'");
        }
        if (replication < 1) {
            throw new IllegalArgumentException("the replication factor must be at least 1, not " + replication);
        }
        if (username.isPresent() != password.isPresent()) {
            throw new IllegalArgumentException("a Cassandra username and password go together");
        }
    }

    /** A cluster at {@code contactPoints} with every other setting at its default. */
    public static CassandraConfig of(List<InetSocketAddress> contactPoints) {
        return new CassandraConfig(contactPoints, DEFAULT_LOCAL_DATACENTER, DEFAULT_KEYSPACE, 1, Optional.empty(),
                Optional.empty());
    }

    /**
     * Contact points as written on the command line: {@code HOST:PORT[,HOST:PORT...]}, an IPv6
     * address in brackets ({@code [::1]:9042}).
     *
     * @throws IllegalArgumentException naming the entry that is not HOST:PORT
     */
    public static List<InetSocketAddress> parseContactPoints(String list) {
        if (list == null || list.isBlank()) {
            throw new IllegalArgumentException("no contact points: give HOST:PORT[,HOST:PORT...]");
        }
        return java.util.Arrays.stream(list.split(",", -1)).map(String::trim).map(CassandraConfig::contactPoint)
                .toList();
    }

    private static InetSocketAddress contactPoint(String entry) {
        int colon = entry.lastIndexOf(':');
        String host = colon < 0 ? "" : entry.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            host = ""; // an IPv6 address without brackets: its port cannot be told apart
        }
        int port = -1;
        try {
            port = colon < 0 ? -1 : Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            // reported below
        }
        if (host.isEmpty() || port < 1 || port > 65535) {
            throw new IllegalArgumentException("a contact point is HOST:PORT (port 1-65535, an IPv6 address in "
                    + "brackets, e.g. 127.0.0.1:" + DEFAULT_PORT + " or [::1]:" + DEFAULT_PORT + "), not '" + entry + "'");
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    @Override
    public String toString() {
        return "CassandraConfig[contactPoints=" + contactPoints + ", localDatacenter=" + localDatacenter
                + ", keyspace=" + keyspace + ", replication=" + replication + ", username=" + username.orElse("")
                + ", password=" + (password.isPresent() ? "***" : "") + "]";
    }
}
