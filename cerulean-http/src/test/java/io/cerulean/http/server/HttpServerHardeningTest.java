package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.server.RawConnection.Answer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The kernel against what a plain client can send: every request is answered, in its place, and
 * a connection whose next request cannot be found for sure is closed.
 */
class HttpServerHardeningTest {
    private static final int LIMIT = 64 * 1024;
    private static HttpServer server;

    @BeforeAll
    static void start() {
        server = HttpServer.start(new ServerConfig("127.0.0.1", 0, 4), new FakeService(LIMIT));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    @Test
    void controlCharactersEchoedIntoAHeaderAreEscapedAndTheNextAnswerKeepsItsPlace() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send(get("/echo?v=a%1Cb%00c%0D%0Ad%C3%A9") + get("/ok"));
            Answer echo = c.read();
            assertThat(echo.status()).isEqualTo(200);
            assertThat(echo.header("x-echo")).isEqualTo("a%1Cb%00c%0D%0Ad%C3%A9");
            assertThat(c.read().body()).isEqualTo("ok 0");
        }
    }

    @Test
    void aResponseThatCannotBeWrittenIsA500AndTheConnectionCloses() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send(get("/bad-header") + get("/ok"));
            Answer failed = c.read();
            assertThat(failed.status()).isEqualTo(500);
            assertThat(failed.header("x-ms-error-code")).isEqualTo("InternalError");
            assertThat(failed.header("connection")).isEqualTo("close");
            assertThat(c.read()).as("no answer out of its place").isNull();
        }
    }

    @Test
    void anAnswerThatIsNoneClosesTheConnectionAfterTheAnswersBeforeIt() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send(get("/slow") + get("/no-answer") + get("/ok"));
            Answer slow = c.read();
            assertThat(slow.status()).isEqualTo(200);
            assertThat(slow.body()).isEqualTo("slow 0");
            assertThat(c.read()).as("closed without an answer, nor one after it").isNull();
        }
    }

    @Test
    void aMalformedPercentEscapeIs400AndTheConnectionGoesOn() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send(get("/ok?$filter=%ZZ") + get("/ok?x=%") + get("/ok%G1") + get("/ok"));
            Answer filter = c.read();
            assertThat(filter.status()).isEqualTo(400);
            assertThat(filter.header("x-ms-error-code")).isEqualTo("InvalidQueryParameterValue");
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidQueryParameterValue");
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidUri");
            assertThat(c.read().body()).isEqualTo("ok 0");
        }
    }

    @Test
    void malformedUtf8InTheUrlIsRefused() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            // An overlong '/', a CESU-8 surrogate, a raw byte that starts nothing, a truncated sequence.
            c.send(get("/a%C0%AF") + get("/ok?x=%ED%A0%80") + "GET /\u00ff HTTP/1.1\r\nHost: x\r\n\r\n"
                    + get("/ok?x=%E2%82") + get("/ok?x=%E2%82%AC"));
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidUri");
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidQueryParameterValue");
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidUri");
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidQueryParameterValue");
            assertThat(c.read().status()).as("the euro sign, well-formed").isEqualTo(200);
        }
    }

    @Test
    void aTextBodyThatIsNotUtf8IsRefused() throws IOException {
        byte[] overlong = {'{', '"', (byte) 0xC0, (byte) 0xAF, '"', '}'};
        try (RawConnection c = new RawConnection(server.port())) {
            c.send(post("/ok", "application/json", overlong));
            c.send(post("/ok", "application/xml", overlong));
            c.send(post("/ok", "application/octet-stream", overlong));
            c.send(post("/ok", "application/json", "{\"a\":\"\u20ac\"}".getBytes(StandardCharsets.UTF_8)));
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidInput");
            assertThat(c.read().header("x-ms-error-code")).isEqualTo("InvalidXmlDocument");
            assertThat(c.read().body()).as("bytes, not text").isEqualTo("ok 6");
            assertThat(c.read().body()).isEqualTo("ok 11");
        }
    }

    @Test
    void contentLengthBesideChunkedIsRefusedAndNothingAfterItIsRead() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "0\r\n\r\n" + get("/smuggled"));
            Answer refused = c.read();
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.header("x-ms-error-code")).isEqualTo("InvalidInput");
            assertThat(refused.header("connection")).isEqualTo("close");
            assertThat(c.read()).as("the smuggled request is not answered").isNull();
        }
    }

    @Test
    void aTransferCodingOtherThanChunkedIs501AndTheConnectionCloses() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("POST /ok HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
                    + get("/ok"));
            Answer refused = c.read();
            assertThat(refused.status()).isEqualTo(501);
            assertThat(refused.header("x-ms-error-code")).isEqualTo("NotImplemented");
            assertThat(c.read()).isNull();
        }
    }

    @Test
    void aHugeBodyOfferedWithExpectContinueIs413WithoutContinue() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("PUT /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000000\r\nExpect: 100-continue\r\n\r\n");
            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.header("x-head-path")).as("answered with its head").isEqualTo("/ok");
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void aBodyFarBeyondTheLimitIs413AndTheConnectionClosesWithoutReadingIt() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("PUT /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 268435456\r\n\r\n" + "x".repeat(1000));
            assertThat(c.read().status()).isEqualTo(413);
            assertThat(c.closedWithin(5000)).as("closed without waiting for 256 MiB").isTrue();
        }
    }

    @Test
    void aBodyJustOverTheLimitIsReadToItsEndSoTheClientSeesThe413() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send(post("/ok", "application/octet-stream", new byte[LIMIT + 100]));
            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.header("connection")).isEqualTo("close");
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void aChunkedBodyOverTheLimitIs413InItsPlace() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            String chunk = Integer.toHexString(LIMIT) + "\r\n" + "x".repeat(LIMIT) + "\r\n";
            c.send(get("/slow") + "POST /ok HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + chunk + chunk + "0\r\n\r\n");
            assertThat(c.read().body()).as("the earlier answer first").isEqualTo("slow 0");
            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.header("x-head-path")).isEqualTo("/ok");
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void aChunkedBodyFarOverTheLimitIsNotReadToItsEnd() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            String chunk = Integer.toHexString(LIMIT) + "\r\n" + "x".repeat(LIMIT) + "\r\n";
            c.send("POST /ok HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk.repeat(4));
            assertThat(c.read().status()).isEqualTo(413);
            assertThat(c.closedWithin(5000)).as("closed without the end of the body").isTrue();
        }
    }

    @Test
    void aSmallBodyWithExpectContinueIsToldToGoOn() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("PUT /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n");
            assertThat(c.read().status()).isEqualTo(100);
            c.send("abc");
            assertThat(c.read().body()).isEqualTo("ok 3");
        }
    }

    @Test
    void malformedHttpIsAnsweredWithItsHead() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n");
            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.header("x-head-path")).isEqualTo("/ok");
        }
    }

    private static byte[] post(String path, String contentType, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: " + contentType + "\r\nContent-Length: "
                + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }
}
