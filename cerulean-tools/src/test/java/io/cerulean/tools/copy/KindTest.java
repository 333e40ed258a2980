package io.cerulean.tools.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.tools.endpoint.StorageEndpoint;
import org.junit.jupiter.api.Test;

class KindTest {
    @Test
    void aHostStyleUrlTellsItsServiceByItsHost() {
        assertThat(Kind.of(StorageEndpoint.parse("https://acct.queue.core.windows.net/jobs?sv=1&sig=x"))).contains(Kind.QUEUE);
        assertThat(Kind.of(StorageEndpoint.parse("https://acct.table.core.windows.net/t?sv=1&sig=x"))).contains(Kind.TABLE);
        assertThat(Kind.of(StorageEndpoint.parse("https://acct.blob.core.windows.net/c?sv=1&sig=x"))).contains(Kind.CONTAINER);
    }

    @Test
    void aPathStyleUrlTellsItByItsSasElseByAzuritesPorts() {
        assertThat(Kind.of(StorageEndpoint.parse("http://127.0.0.1:4711/devstoreaccount1/c?sv=1&sr=c&sig=x"))).contains(Kind.CONTAINER);
        assertThat(Kind.of(StorageEndpoint.parse("http://127.0.0.1:4711/devstoreaccount1/t?sv=1&tn=t&sig=x"))).contains(Kind.TABLE);
        assertThat(Kind.of(StorageEndpoint.parse("http://127.0.0.1:4711/devstoreaccount1?sv=1&ss=q&srt=sco&sig=x"))).contains(Kind.QUEUE);
        assertThat(Kind.of(StorageEndpoint.parse("http://127.0.0.1:10001/devstoreaccount1/q?sv=1&sig=x"))).contains(Kind.QUEUE);
        assertThat(Kind.of(StorageEndpoint.parse("http://127.0.0.1:4711/devstoreaccount1/q?sv=1&sig=x"))).isEmpty();
        assertThat(Kind.of(StorageEndpoint.parse("AccountName=a;AccountKey=a2V5"))).isEmpty();
    }

    @Test
    void anEnvironmentVariableThatIsNotSetIsNamed() {
        assertThatThrownBy(() -> Endpoints.read("env:CERULEAN_COPY_TEST_UNSET_VARIABLE", "SOURCE"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SOURCE: the environment variable CERULEAN_COPY_TEST_UNSET_VARIABLE is not set");
    }

    @Test
    void aMalformedEndpointIsNamedWithoutItsKey() {
        assertThatThrownBy(() -> Endpoints.read("not-a-connection-string-but-secret", "DEST"))
                .hasMessageStartingWith("DEST: not a connection string").hasMessageNotContaining("secret");
    }
}
