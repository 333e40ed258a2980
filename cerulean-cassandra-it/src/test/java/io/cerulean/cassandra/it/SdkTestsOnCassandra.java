package io.cerulean.cassandra.it;

import io.cerulean.app.Cerulean;
import io.cerulean.it.CassandraStoreSource;

/**
 * The store of cerulean-it's SDK tests when they run here on Cassandra (the set this module's pom
 * names): every server of the run on one keyspace, since a new schema costs seconds. The tests keep
 * apart as they do on one server, each in tables of its own.
 */
public final class SdkTestsOnCassandra implements CassandraStoreSource {
    private static final String KEYSPACE = TestCluster.newKeyspace("sdk");

    @Override
    public void useCassandra(Cerulean.Builder builder) {
        builder.cassandra(TestCluster.config(KEYSPACE));
    }
}
