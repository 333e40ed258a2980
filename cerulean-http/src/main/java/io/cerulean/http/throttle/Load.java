package io.cerulean.http.throttle;

import java.util.Locale;

/**
 * What a request asks of one of the per-resource targets: {@code units} of the target of its
 * {@code kind}, on the resource that {@code key} names. Made by the service that knows the resource.
 */
public record Load(Kind kind, long key, long units) {
    /** The per-resource targets. */
    public enum Kind {
        /** Entities a second in one table partition (account, table, PartitionKey). */
        TABLE_PARTITION,
        /** Messages a second in one queue. */
        QUEUE,
        /** Requests a second on one blob. */
        BLOB
    }

    public Load {
        if (units < 0) {
            throw new IllegalArgumentException("a load is not negative: " + units);
        }
    }

    /** {@code entities} of a table partition's target; table names are the same whatever their case. */
    public static Load tablePartition(String account, String table, String partitionKey, long entities) {
        return new Load(Kind.TABLE_PARTITION, Keys.of(account, table.toLowerCase(Locale.ROOT), partitionKey),
                entities);
    }

    /** {@code messages} of a queue's target. */
    public static Load queue(String account, String queue, long messages) {
        return new Load(Kind.QUEUE, Keys.of(account, queue), messages);
    }

    /** One request of a blob's target. */
    public static Load blob(String account, String container, String blob) {
        return new Load(Kind.BLOB, Keys.of(account, container, blob), 1);
    }

    /** The same resource, {@code units} of it. */
    public Load withUnits(long units) {
        return new Load(kind, key, units);
    }
}
