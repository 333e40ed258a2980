package io.cerulean.store.cassandra;

import java.util.Arrays;
import java.util.List;

/**
 * How records lie in Cassandra: the tables, their keys and the directory's buckets. Format
 * {@value #FORMAT}, kept in {@code schema_version} so that a later Cerulean can migrate it and an
 * older one refuses what it cannot read.
 *
 * <pre>
 * records              ((space, instance, generation, partition), row) -> version, payload, commit_id
 *                      + last_commit, static: the id of the partition's latest commit
 * partition_directory  ((space, instance, generation, bucket), partition)
 * space_generations    ((space, instance)) -> generation       absent: generation 0
 * pending_drops        ((space), instance, generation) -> requested_at
 * schema_version       (component) -> version
 * </pre>
 *
 * One Cassandra partition holds one partition of one space instance, rows as its clustering column,
 * so a commit is one single-partition conditional batch. Keys are {@code blob}s, which Cassandra
 * orders as unsigned bytes, the seam's order. A space instance's partitions are listed in the
 * directory, spread over {@value #BUCKETS} buckets by a hash of the partition so that no directory
 * partition takes every new partition's write, and each bucket is in partition order: a scan over
 * partitions merges the buckets. Dropping an instance moves it to a new generation; the old one is
 * removed in the background.
 */
final class CassandraLayout {
    /** The format this build writes and reads. */
    static final int FORMAT = 1;

    /** Directory buckets of every space instance; part of the format: changing it needs a migration. */
    static final int BUCKETS = 16;

    /** The row of {@code schema_version} that holds {@link #FORMAT}. */
    static final String COMPONENT = "store";

    private CassandraLayout() {
    }

    /** The directory bucket of a partition: a fixed hash, the same in every process and release. */
    static int bucket(byte[] partition) {
        int h = Arrays.hashCode(partition);
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        return Math.floorMod(h, BUCKETS);
    }

    /** The tables, each created only when missing. */
    static List<String> tables(String keyspace) {
        return List.of(
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".schema_version "
                        + "(component text PRIMARY KEY, version int)",
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".space_generations "
                        + "(space int, instance bigint, generation bigint, PRIMARY KEY ((space, instance)))",
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".records "
                        + "(space int, instance bigint, generation bigint, partition blob, row blob, "
                        + "version bigint, payload blob, commit_id uuid, last_commit uuid static, "
                        + "PRIMARY KEY ((space, instance, generation, partition), row))",
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".partition_directory "
                        + "(space int, instance bigint, generation bigint, bucket int, partition blob, "
                        + "PRIMARY KEY ((space, instance, generation, bucket), partition))",
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".pending_drops "
                        + "(space int, instance bigint, generation bigint, requested_at timestamp, "
                        + "PRIMARY KEY ((space), instance, generation))");
    }

    /** The names of {@link #tables}, to see which exist. */
    static final List<String> TABLE_NAMES = List.of("schema_version", "space_generations", "records",
            "partition_directory", "pending_drops");
}
