package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class QueueRequestsTest {
    private static final String DATE = "Tue, 01 Feb 2022 20:52:39 GMT";
    private final SharedKeyLite signer = new SharedKeyLite(Target.DEV_ACCOUNT, Target.DEV_KEY);
    private final QueueRequests requests = new QueueRequests(Endpoint.parse(Target.DEV_QUEUE_ENDPOINT), signer,
            () -> DATE);

    private static String head(Request request) {
        try {
            return request.head().toString(StandardCharsets.US_ASCII);
        } finally {
            request.release();
        }
    }

    @Test
    void aPutMessageCarriesItsXmlBodyAndTheSignatureOfTheQueueForm() {
        Request put = requests.queue("myqueue").put("hello");
        String body = put.body().toString(StandardCharsets.UTF_8);
        assertThat(body).isEqualTo("<QueueMessage><MessageText>hello</MessageText></QueueMessage>");
        assertThat(head(put)).startsWith("POST /devstoreaccount1/myqueue/messages HTTP/1.1\r\n"
                        + "Host: 127.0.0.1:10001\r\nx-ms-version: 2019-02-02\r\n")
                .contains("\r\nx-ms-date: " + DATE + "\r\n", "\r\nContent-Type: application/xml\r\n",
                        "\r\nContent-Length: " + body.length() + "\r\n",
                        "\r\nAuthorization: SharedKeyLite devstoreaccount1:b8z8rY9xzgx+EPPHcQA3Fd5avMVt6Zxqp9jxDKdSek0=\r\n")
                .doesNotContain("DataServiceVersion")
                .endsWith("\r\n\r\n");
    }

    @Test
    void getAndDeleteAddressTheMessagesWithTheirQuery() {
        assertThat(head(requests.queue("q").get(1, 30)))
                .startsWith("GET /devstoreaccount1/q/messages?numofmessages=1&visibilitytimeout=30 HTTP/1.1\r\n")
                .doesNotContain("Content-Type");
        assertThat(head(requests.queue("q").delete("id-1", "AgAA+/x=")))
                .startsWith("DELETE /devstoreaccount1/q/messages/id-1?popreceipt=AgAA%2B%2Fx%3D HTTP/1.1\r\n");
        assertThat(head(requests.queue("q").metadata())).contains(
                "\r\nAuthorization: SharedKeyLite devstoreaccount1:" + signer.sign("GET\n\n\n\nx-ms-date:" + DATE
                        + "\nx-ms-version:2019-02-02\n/devstoreaccount1/devstoreaccount1/q?comp=metadata") + "\r\n");
        assertThat(head(requests.createQueue("q"))).startsWith("PUT /devstoreaccount1/q HTTP/1.1\r\n");
        assertThat(head(requests.probe())).startsWith("GET /devstoreaccount1/?comp=list&maxresults=1 HTTP/1.1\r\n");
    }
}
