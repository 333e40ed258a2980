package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.server.RawConnection.Answer;
import io.cerulean.http.tls.SelfSignedCertificate;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Response bodies streamed from a source, through a real server: whole and in order at any size,
 * read no faster than the client takes them, over plain HTTP and TLS; cut off (never shortened
 * on a live connection) when the source fails; closed whatever happens.
 */
class HttpServerResponseStreamingTest {
    private static final long MIB = 1 << 20;
    /**
     * What a client that stops reading may leave read but unsent: about two chunks in the server,
     * plus the kernel's socket buffers (the server's send buffer grows to 4 MiB on Linux; the
     * client's receive buffer is set small). Without backpressure it would be the whole body.
     */
    private static final long READ_AHEAD_BOUND = 8 * MIB;

    /**
     * {@code GET} or {@code HEAD /blob?size=n[&failAt=i][&endAt=j]} streams a {@link GeneratedContent};
     * {@code /declared?size=n} answers with that length declared and no body; anything else is "small".
     */
    private static final class Downloads implements RequestHandler {
        final BlockingQueue<GeneratedContent> contents = new LinkedBlockingQueue<>();

        @Override
        public void handle(AzureRequest request, Consumer<AzureResponse> reply) {
            switch (request.rawPath()) {
                case "/blob" -> {
                    GeneratedContent content = new GeneratedContent(number(request, "size"),
                            number(request, "failAt"), number(request, "endAt"));
                    contents.add(content);
                    reply.accept(AzureResponse.status(200).header("x-ms-request-id", "blob-request")
                            .body("application/octet-stream", content));
                }
                case "/declared" -> reply.accept(AzureResponse.status(200).declaredLength(number(request, "size")));
                default -> reply.accept(FakeService.text(200, "small"));
            }
        }

        private static long number(AzureRequest request, String name) {
            String value = request.queryParameter(name);
            return value == null ? -1 : Long.parseLong(value);
        }

        GeneratedContent next() throws InterruptedException {
            GeneratedContent content = contents.poll(10, TimeUnit.SECONDS);
            assertThat(content).as("the service was asked for a body").isNotNull();
            return content;
        }

        @Override
        public boolean runsOnEventLoop(AzureRequest request) {
            return false;
        }

        @Override
        public AzureResponse earlyError(ServiceException error) {
            return FakeService.text(error.errorCode().status(), error.errorCode().code());
        }

        @Override
        public int maxRequestBodyBytes() {
            return 1024;
        }
    }

    private final Downloads downloads = new Downloads();
    private HttpServer server;

    private HttpServer start(ServerConfig config) {
        server = HttpServer.start(config, downloads);
        return server;
    }

    private HttpServer start() {
        return start(new ServerConfig("127.0.0.1", 0, 4));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void a64MiBBodyArrivesWholeWithItsLength() throws Exception {
        assertDownloadsWhole(64 * MIB);
    }

    @Test
    void aGibibyteBodyArrivesWholeWithItsLength() throws Exception {
        assertDownloadsWhole(1024 * MIB);
    }

    private void assertDownloadsWhole(long size) throws Exception {
        start();
        HttpResponse<InputStream> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.port() + "/blob?size=" + size)).build(),
                BodyHandlers.ofInputStream());
        GeneratedContent content = downloads.next();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(size);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/octet-stream");
        try (InputStream body = response.body()) {
            assertThat(digest(body, Long.MAX_VALUE, content)).isEqualTo(new Digest(size,
                    GeneratedContent.sha256(size)));
        }
        assertThat(content.closed.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(content.closes.get()).isEqualTo(1);
    }

    @Test
    void theServerReadsTheSourceNoFasterThanTheClientTakesIt() throws Exception {
        start();
        long size = 256 * MIB;
        try (RawConnection c = new RawConnection(smallReceiveBuffer())) {
            c.send("GET /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(c.readHead().header("content-length")).isEqualTo(String.valueOf(size));
            GeneratedContent content = downloads.next();

            long readWhileStalled = steady(content);
            Digest received = digest(c.in(), size, content);

            assertThat(readWhileStalled).as("read while the client took nothing").isLessThan(READ_AHEAD_BOUND);
            assertThat(content.peakAhead.get()).as("most read ahead of the client").isLessThan(READ_AHEAD_BOUND);
            assertThat(received).isEqualTo(new Digest(size, GeneratedContent.sha256(size)));
        }
    }

    @Test
    void laterPipelinedRequestsAreAnsweredAfterTheStreamedBodyAndTheConnectionGoesOn() throws Exception {
        start();
        long size = 8 * MIB;
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("GET /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\nGET /small HTTP/1.1\r\nHost: x\r\n\r\n");

            Answer head = c.readHead();
            assertThat(head.header("content-length")).isEqualTo(String.valueOf(size));
            assertThat(head.header("connection")).isEqualTo("keep-alive");
            assertThat(digest(c.in(), size, downloads.next())).isEqualTo(new Digest(size,
                    GeneratedContent.sha256(size)));
            assertThat(c.read().body()).isEqualTo("small");

            c.send("GET /again HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(c.read().body()).isEqualTo("small");
        }
    }

    @Test
    void aClientThatLeavesMidBodyHasTheSourceClosed() throws Exception {
        start();
        long size = 1024 * MIB;
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("GET /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\n");
            c.readHead();
            c.in().readNBytes((int) MIB);
        }
        GeneratedContent content = downloads.next();

        assertThat(content.closed.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(content.read.get()).isLessThan(size);
        assertThat(content.closes.get()).isEqualTo(1);
    }

    @Test
    void aSourceThatFailsMidBodyCutsTheConnectionShortOfTheContentLength() throws Exception {
        assertCutShort("failAt=" + 5 * MIB);
    }

    @Test
    void aSourceThatEndsBeforeItsLengthCutsTheConnectionShortOfTheContentLength() throws Exception {
        assertCutShort("endAt=" + 5 * MIB);
    }

    private void assertCutShort(String how) throws Exception {
        start();
        long size = 16 * MIB;
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("GET /blob?size=" + size + "&" + how + " HTTP/1.1\r\nHost: x\r\n\r\n");
            Answer head = c.readHead();
            GeneratedContent content = downloads.next();

            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo(String.valueOf(size));
            long received = readToEnd(c.in());
            assertThat(received).as("the connection ended before the body did").isLessThanOrEqualTo(5 * MIB);
            assertThat(content.closed.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(content.closes.get()).isEqualTo(1);
        }
    }

    @Test
    void aHeadIsAnsweredWithTheDeclaredLengthAndNoBodyAndTheConnectionGoesOn() throws Exception {
        start();
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("HEAD /declared?size=12345 HTTP/1.1\r\nHost: x\r\n\r\nGET /small HTTP/1.1\r\nHost: x\r\n\r\n");

            Answer head = c.readHead();
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo("12345");
            Answer next = c.read();
            assertThat(next.status()).isEqualTo(200);
            assertThat(next.body()).isEqualTo("small");
        }
    }

    @Test
    void aHeadOfAStreamedBodyGetsItsLengthAndTheSourceIsClosedUnread() throws Exception {
        start();
        long size = 1024 * MIB;
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("HEAD /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\n");

            assertThat(c.readHead().header("content-length")).isEqualTo(String.valueOf(size));
            GeneratedContent content = downloads.next();
            assertThat(content.closed.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(content.read.get()).isZero();

            c.send("GET /small HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(c.read().body()).isEqualTo("small");
        }
    }

    @Test
    void aDeclaredLengthWithoutItsBodyIsNeverSentToAGet() throws Exception {
        start();
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("GET /declared?size=10 HTTP/1.1\r\nHost: x\r\n\r\n");

            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(500);
            assertThat(answer.header("connection")).isEqualTo("close");
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void aStreamedBodyArrivesWholeOverTls(@TempDir Path dir) throws Exception {
        start(new ServerConfig("127.0.0.1", 0, 4).withTls(SelfSignedCertificate.keptIn(dir, Clock.systemUTC())));
        long size = 64 * MIB;
        try (RawConnection c = new RawConnection(tlsSocket())) {
            c.send("GET /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\n");

            assertThat(c.readHead().header("content-length")).isEqualTo(String.valueOf(size));
            assertThat(digest(c.in(), size, downloads.next())).isEqualTo(new Digest(size,
                    GeneratedContent.sha256(size)));
            c.send("GET /small HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(c.read().body()).isEqualTo("small");
        }
    }

    @Test
    void aSlowButSteadyClientIsNotCutOffByTheTimeouts() throws Exception {
        start(withTimeouts(Duration.ofMillis(200), Duration.ofSeconds(1)));
        long size = 16 * MIB;
        try (RawConnection c = new RawConnection(smallReceiveBuffer())) {
            c.send("GET /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\n");
            c.readHead();
            GeneratedContent content = downloads.next();
            MessageDigest sha = GeneratedContent.sha256();
            long received = 0;
            while (received < size) { // about 4 MiB/s: some seconds, many times the idle timeout
                byte[] piece = c.in().readNBytes((int) Math.min(256 << 10, size - received));
                assertThat(piece).as("the connection ended after " + received + " bytes").isNotEmpty();
                sha.update(piece);
                received += piece.length;
                content.received.set(received);
                Thread.sleep(50);
            }

            // No request follows: once the server wrote the last bytes (the kernel's buffers hold some
            // MiBs of them), the connection may be closed as idle while the client still reads them.
            assertThat(HexFormat.of().formatHex(sha.digest())).isEqualTo(GeneratedContent.sha256(size));
        }
    }

    @Test
    void aConnectionIsIdleOnceItsStreamedAnswersHaveAllBeenRead() throws Exception {
        start(withTimeouts(Duration.ofMillis(300), Duration.ofSeconds(5)));
        long size = 4 * MIB;
        try (RawConnection c = new RawConnection(smallReceiveBuffer())) {
            c.send("GET /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\nGET /blob?size=" + size
                    + " HTTP/1.1\r\nHost: x\r\n\r\n");
            for (int answer = 0; answer < 2; answer++) {
                assertThat(c.readHead().header("content-length")).isEqualTo(String.valueOf(size));
                assertThat(digest(c.in(), size, downloads.next())).isEqualTo(new Digest(size,
                        GeneratedContent.sha256(size)));
            }

            assertThat(c.closedWithin(5000)).as("closed as idle, nothing being owed").isTrue();
        }
    }

    @Test
    void aClientThatStopsReadingIsClosed() throws Exception {
        start(withTimeouts(Duration.ofMinutes(1), Duration.ofMillis(500))); // not closed as idle
        long size = 256 * MIB;
        try (RawConnection c = new RawConnection(smallReceiveBuffer())) {
            c.send("GET /blob?size=" + size + " HTTP/1.1\r\nHost: x\r\n\r\n");
            c.readHead();
            GeneratedContent content = downloads.next();

            assertThat(content.closed.await(10, TimeUnit.SECONDS)).as("the server gave up on the client").isTrue();
            assertThat(readToEnd(c.in())).isLessThan(size);
        }
    }

    private static ServerConfig withTimeouts(Duration idle, Duration body) {
        return new ServerConfig("127.0.0.1", 0, 4)
                .withLimits(ConnectionLimits.defaults().withTimeouts(idle, Duration.ofSeconds(1), body));
    }

    private Socket smallReceiveBuffer() throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(64 << 10); // before connecting, so the kernel does not grow it
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()));
        return socket;
    }

    private Socket tlsSocket() throws Exception {
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, new TrustManager[] {new TrustingManager()}, null);
        SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket("127.0.0.1", server.port());
        socket.startHandshake();
        return socket;
    }

    /** Waits until the server stops reading the source while the client reads nothing; returns what it read. */
    private static long steady(GeneratedContent content) throws InterruptedException {
        long last = -1;
        for (int unchanged = 0, polls = 0; unchanged < 3 && polls < 100; polls++) {
            Thread.sleep(100);
            long now = content.read.get();
            unchanged = now == last ? unchanged + 1 : 0;
            last = now;
        }
        return last;
    }

    /** What a client read: how many bytes and their SHA-256. */
    private record Digest(long length, String sha256) {
    }

    /** Reads up to {@code limit} bytes (or to the end), telling {@code content} what arrived as it goes. */
    private static Digest digest(InputStream in, long limit, GeneratedContent content) throws IOException {
        MessageDigest sha = GeneratedContent.sha256();
        byte[] buffer = new byte[64 << 10];
        long total = 0;
        int n;
        while (total < limit && (n = in.read(buffer, 0, (int) Math.min(buffer.length, limit - total))) >= 0) {
            sha.update(buffer, 0, n);
            total += n;
            content.received.set(total);
        }
        return new Digest(total, HexFormat.of().formatHex(sha.digest()));
    }

    /** Reads until the server closes the connection; returns how many bytes came. */
    private static long readToEnd(InputStream in) {
        byte[] buffer = new byte[64 << 10];
        long total = 0;
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                total += n;
            }
        } catch (IOException e) { // a reset: closed all the same
            return total;
        }
        return total;
    }

    /** Trusts the server's self-signed certificate, as a test client may. */
    private static final class TrustingManager implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
