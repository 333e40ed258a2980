/**
 * The Apache Cassandra {@link io.cerulean.storage.KeyValueStore}, for any number of Cerulean
 * servers sharing one cluster: one Cassandra partition per (space instance, partition) with rows as
 * the clustering column and keys as blobs (unsigned byte order, the seam's), every commit one
 * single-partition conditional batch, an ordered and bucketed directory of each instance's
 * partitions for scans across them, and a generation per instance that a drop moves. Invariants: no
 * row is written both with and without Paxos; a commit whose outcome is unknown is read back at
 * SERIAL and is reported applied only if it did apply. Layout in {@code CassandraLayout}, the design
 * in {@code docs/cassandra.md}.
 */
package io.cerulean.store.cassandra;
