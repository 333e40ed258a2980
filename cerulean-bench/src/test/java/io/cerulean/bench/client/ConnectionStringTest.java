package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ConnectionStringTest {
    @Test
    void developmentStorage() {
        Target target = ConnectionString.parse("UseDevelopmentStorage=true");
        assertThat(target.endpoint().url()).isEqualTo("http://127.0.0.1:10002/devstoreaccount1");
        assertThat(target.account()).isEqualTo("devstoreaccount1");
        assertThat(target.key()).isEqualTo(Target.DEV_KEY);
    }

    @Test
    void theQueueWorkloadsTakeTheQueueEndpoint() {
        assertThat(ConnectionString.parse("UseDevelopmentStorage=true", true).endpoint().url())
                .isEqualTo("http://127.0.0.1:10001/devstoreaccount1");
        assertThat(ConnectionString.parse("AccountName=other;AccountKey=a2V5;TableEndpoint=http://h:1/other;"
                + "QueueEndpoint=http://h:2/other", true).endpoint()).isEqualTo(new Endpoint("http", "h", 2, "/other"));
        assertThat(ConnectionString.parse("accountname=acct;accountkey=a2V5", true).endpoint().url())
                .isEqualTo("https://acct.queue.core.windows.net");
    }

    @Test
    void theBlobWorkloadsTakeTheBlobEndpoint() {
        assertThat(ConnectionString.parse("UseDevelopmentStorage=true", Service.BLOB).endpoint().url())
                .isEqualTo("http://127.0.0.1:10000/devstoreaccount1");
        assertThat(ConnectionString.parse("AccountName=other;AccountKey=a2V5;BlobEndpoint=http://h:3/other;"
                + "QueueEndpoint=http://h:2/other", Service.BLOB).endpoint()).isEqualTo(new Endpoint("http", "h", 3, "/other"));
        assertThat(ConnectionString.parse("accountname=acct;accountkey=a2V5", Service.BLOB).endpoint().url())
                .isEqualTo("https://acct.blob.core.windows.net");
    }

    @Test
    void explicitTableEndpointAndAKeyWithEqualsSigns() {
        Target target = ConnectionString.parse("DefaultEndpointsProtocol=http;AccountName=other;"
                + "AccountKey=a2V5a2V5a2V5==;TableEndpoint=http://localhost:10102/other/;");
        assertThat(target.endpoint()).isEqualTo(new Endpoint("http", "localhost", 10102, "/other"));
        assertThat(target.account()).isEqualTo("other");
        assertThat(target.key()).isEqualTo("a2V5a2V5a2V5==");
    }

    @Test
    void cloudStyleBuildsTheHostStyleEndpoint() {
        Target target = ConnectionString.parse("defaultendpointsprotocol=https;accountname=acct;accountkey=a2V5");
        assertThat(target.endpoint().url()).isEqualTo("https://acct.table.core.windows.net");
        assertThat(target.endpoint().basePath()).isEmpty();
        assertThat(target.endpoint().port()).isEqualTo(443);
    }

    @Test
    void sasAndIncompleteStringsAreRefusedWithAReason() {
        assertThatThrownBy(() -> ConnectionString.parse("TableEndpoint=http://h/a;SharedAccessSignature=sv=1&sig=x"))
                .hasMessageContaining("SAS");
        assertThatThrownBy(() -> ConnectionString.parse("AccountName=a")).hasMessageContaining("AccountKey");
    }

    @Test
    void endpointsParse() {
        Endpoint e = Endpoint.parse("http://127.0.0.1:10002/devstoreaccount1/");
        assertThat(e.basePath()).isEqualTo("/devstoreaccount1");
        assertThat(e.hostHeader()).isEqualTo("127.0.0.1:10002");
        assertThat(Endpoint.parse("http://example.org").hostHeader()).isEqualTo("example.org");
        assertThat(e.pathStyle()).isTrue();
        assertThat(Endpoint.parse("http://localhost:10002/a").pathStyle()).isTrue();
        assertThat(Endpoint.parse("https://acct.table.core.windows.net").pathStyle()).isFalse();
        assertThatThrownBy(() -> Endpoint.parse("ftp://h/x")).hasMessageContaining("http");
        assertThatThrownBy(() -> Endpoint.parse("127.0.0.1:10002")).isInstanceOf(IllegalArgumentException.class);
    }
}
