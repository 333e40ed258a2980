package io.cerulean.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class CassandraStoreConfigTest {

    @Test
    void contactPointsAreHostPortWithDefaultsForTheRest() {
        CassandraStoreConfig config = CassandraStoreConfig.of("127.0.0.1:9042, 127.0.0.2:9142,cassandra-3");
        assertThat(config.addresses()).containsExactly(InetSocketAddress.createUnresolved("127.0.0.1", 9042),
                InetSocketAddress.createUnresolved("127.0.0.2", 9142),
                InetSocketAddress.createUnresolved("cassandra-3", 9042));
        assertThat(config.localDatacenter()).isEqualTo("datacenter1");
        assertThat(config.keyspace()).isEqualTo("cerulean");
        assertThat(config.replicationFactor()).isEqualTo(1);
        assertThat(config.username()).isNull();
    }

    @Test
    void anIpv6AddressIsWrittenInBrackets() {
        assertThat(CassandraStoreConfig.of("[::1]:9142,[fe80::1]").addresses()).containsExactly(
                InetSocketAddress.createUnresolved("::1", 9142), InetSocketAddress.createUnresolved("fe80::1", 9042));
        assertThatThrownBy(() -> CassandraStoreConfig.of("::1:9042")).hasMessageContaining("'::1:9042'");
        assertThatThrownBy(() -> CassandraStoreConfig.of("[::1]9042")).hasMessageContaining("'[::1]9042'");
    }

    @Test
    void whatCannotWorkIsRefusedWithWhatWasGiven() {
        assertThatThrownBy(() -> CassandraStoreConfig.of("")).hasMessageContaining("contact point");
        assertThatThrownBy(() -> CassandraStoreConfig.of("host:port")).hasMessageContaining("host:port");
        assertThatThrownBy(() -> CassandraStoreConfig.of("host:70000")).hasMessageContaining("host:70000");
        assertThatThrownBy(() -> CassandraStoreConfig.of("h:9042").withKeyspace("Bad-Name"))
                .hasMessageContaining("Bad-Name");
        assertThatThrownBy(() -> CassandraStoreConfig.of("h:9042").withReplicationFactor(0))
                .hasMessageContaining("replication factor");
        assertThatThrownBy(() -> CassandraStoreConfig.of("h:9042").withCredentials("user", null))
                .hasMessageContaining("password");
    }

    @Test
    void thePasswordIsNeverShown() {
        assertThat(CassandraStoreConfig.of("h:9042").withCredentials("cerulean", "s3cret").toString())
                .contains("cerulean").doesNotContain("s3cret");
    }
}
