package io.cerulean.http.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AccountUrlsTest {
    private static final AccountUrls QUEUE = AccountUrls.forService("queue");

    private static AzureRequest request(String host, String path) {
        DefaultHttpHeaders headers = new DefaultHttpHeaders();
        if (host != null) {
            headers.add("Host", host);
        }
        return new AzureRequest("GET", path, Map.of(), headers, new byte[0], false, "");
    }

    @ParameterizedTest
    @CsvSource({
            "devstoreaccount1.queue.localhost:10001, devstoreaccount1",
            "Alpha.Queue.core.windows.net, alpha",
            "alpha-secondary.queue.example.test:443, alpha-secondary",
            "alpha.queue.cerulean, alpha"})
    void aNameWhoseSecondLabelIsTheServicesNamesTheAccount(String host, String account) {
        AzureRequest request = request(host, "/messages");
        assertThat(QUEUE.hostAccount(request)).contains(account);
        assertThat(QUEUE.pathStyle(request)).isEqualTo("/" + account + "/messages");
        assertThat(QUEUE.accountBaseUrl(request, account)).isEqualTo("http://" + host);
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:10001", "localhost:10001", "localhost", "[::1]:10001", "queue.localhost",
            "alpha.table.localhost", "alpha.queue.", ".queue.localhost", "alpha.queues.localhost", "cerulean:10001"})
    void anythingElseIsPathStyle(String host) {
        AzureRequest request = request(host, "/alpha/messages");
        assertThat(QUEUE.hostAccount(request)).isEmpty();
        assertThat(QUEUE.pathStyle(request)).isEqualTo("/alpha/messages");
        assertThat(QUEUE.accountBaseUrl(request, "alpha")).isEqualTo("http://" + host + "/alpha");
    }

    @ParameterizedTest
    @ValueSource(strings = {"alpha.queue.localhost", "alpha.table.localhost"})
    void pathStyleOnlyNeverReadsTheHost(String host) {
        assertThat(AccountUrls.PATH_STYLE_ONLY.hostAccount(request(host, "/alpha/x"))).isEmpty();
    }
}
