package io.cerulean.it;

import io.cerulean.app.Cerulean;

/**
 * Where {@link ServerFixture#CASSANDRA} servers keep their data. cerulean-cassandra-it, which starts
 * the Cassandra nodes, implements it and names the implementation in its
 * {@code META-INF/services}, so that this module needs no dependency on it.
 */
public interface CassandraStoreSource {
    /** Sets the builder's store to this run's Cassandra, on a keyspace the servers of the run share. */
    void useCassandra(Cerulean.Builder builder);
}
