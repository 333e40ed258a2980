package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.cerulean.http.message.IncompleteBodyException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Request bodies the service streams, through a real server: read as they arrive, in bounded
 * memory, far beyond what is buffered, beside buffered requests on the same connection.
 */
class HttpServerStreamingTest {
    private static final int BUFFERED_LIMIT = 1024;
    private static final long STREAMED_LIMIT = 1 << 20; // on /limited

    /** A service that streams bodies sent to /stream and /limited, and buffers the rest. */
    private static final class Uploads implements RequestHandler {
        volatile long peakQueuedBytes;
        volatile CompletableFuture<Throwable> readFailure = new CompletableFuture<>();
        final Map<String, AtomicInteger> routings = new ConcurrentHashMap<>();

        @Override
        public AzureRequest routed(AzureRequest head) {
            routings.computeIfAbsent(head.rawPath(), path -> new AtomicInteger()).incrementAndGet();
            return head.withRouting("routed " + head.rawPath());
        }

        @Override
        public boolean streamsBodies() {
            return true;
        }

        @Override
        public OptionalLong streamedBodyLimit(AzureRequest head) {
            return switch (head.rawPath()) {
                case "/stream", "/ignore" -> OptionalLong.of(Long.MAX_VALUE);
                case "/limited" -> OptionalLong.of(STREAMED_LIMIT);
                case "/once-streamed" -> head.routing() == null ? OptionalLong.empty() : OptionalLong.of(1000);
                default -> OptionalLong.empty();
            };
        }

        @Override
        public void handle(AzureRequest request, Consumer<AzureResponse> reply) {
            if (request.rawPath().startsWith("/once")) {
                reply.accept(text(200, request.routing() + " " + routings.get(request.rawPath()).get()));
                return;
            }
            if (!request.streamsBody()) {
                reply.accept(text(200, "buffered " + request.body().length));
                return;
            }
            if (request.rawPath().equals("/ignore")) {
                reply.accept(text(403, "not reading that"));
                return;
            }
            String pause = request.queryParameter("pauseMillisPerMiB");
            Digest digest = new Digest(pause == null ? 0 : Long.parseLong(pause));
            StreamedBody body = (StreamedBody) request.streamedBody();
            body.pourInto(digest, failure -> {
                peakQueuedBytes = body.peakQueuedBytes();
                if (failure == null) {
                    reply.accept(text(200, digest.length + " " + HexFormat.of().formatHex(digest.sha.digest())));
                } else if (failure instanceof ServiceException e) {
                    reply.accept(earlyError(e));
                } else {
                    readFailure.complete(failure);
                    reply.accept(text(400, failure.getMessage()));
                }
            });
        }

        @Override
        public boolean runsOnEventLoop(AzureRequest request) {
            return false;
        }

        @Override
        public AzureResponse earlyError(ServiceException error) {
            return text(error.errorCode().status(), error.errorCode().code());
        }

        @Override
        public int maxRequestBodyBytes() {
            return BUFFERED_LIMIT;
        }
    }

    /** A sink that hashes what it is given, sleeping as a slow disk would. */
    private static final class Digest implements BodySink {
        final MessageDigest sha;
        final long pauseMillisPerMiB;
        long length;

        Digest(long pauseMillisPerMiB) {
            try {
                this.sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            this.pauseMillisPerMiB = pauseMillisPerMiB;
        }

        @Override
        public void write(ByteBuffer piece) {
            long before = length >> 20;
            length += piece.remaining();
            sha.update(piece);
            if (pauseMillisPerMiB > 0 && (length >> 20) != before) {
                try {
                    Thread.sleep(pauseMillisPerMiB);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void close() {
        }
    }

    private static final Uploads uploads = new Uploads();
    private static HttpServer server;
    private static final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = HttpServer.start(new ServerConfig("127.0.0.1", 0, 4), uploads);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aStreamedBodyOfferedWithExpectContinueIsToldToGoOnWhateverItsLength() throws IOException {
        try (RawConnection c = new RawConnection(server.port())) {
            c.send("PUT /stream HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n");
            assertThat(c.read().status()).isEqualTo(100);
            c.send("abc");
            RawConnection.Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body()).startsWith("3 ");
        }
    }

    @Test
    void aBodyFarLargerThanTheBufferedLimitStreamsInBoundedMemory() throws Exception {
        long size = 64L << 20;
        HttpResponse<String> response = client.send(post("/stream?pauseMillisPerMiB=10",
                BodyPublishers.fromPublisher(BodyPublishers.ofInputStream(() -> new Pattern(size)), size)),
                BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(size + " " + Pattern.sha256(size));
        // A slow reader and a fast client: without backpressure the whole body would pile up here.
        assertThat(uploads.peakQueuedBytes).isLessThan(4L << 20);
    }

    @Test
    void aChunkedBodyOfUnknownLengthStreamsToo() throws Exception {
        long size = 8L << 20;
        HttpResponse<String> response = client.send(post("/stream",
                BodyPublishers.ofInputStream(() -> new Pattern(size))), BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(size + " " + Pattern.sha256(size));
    }

    @Test
    void eachRequestIsRoutedOnceFromItsHeadWhetherItsBodyIsBufferedOrStreamed() throws Exception {
        assertThat(client.send(post("/once", BodyPublishers.ofByteArray(new byte[100])), BodyHandlers.ofString())
                .body()).isEqualTo("routed /once 1");
        assertThat(client.send(post("/once-streamed", BodyPublishers.ofByteArray(new byte[100])),
                BodyHandlers.ofString()).body()).isEqualTo("routed /once-streamed 1");
    }

    @Test
    void otherRequestsAreStillBufferedAndBounded() throws Exception {
        assertThat(client.send(post("/buffered", BodyPublishers.ofByteArray(new byte[100])), BodyHandlers.ofString())
                .body()).isEqualTo("buffered 100");
        assertThat(client.send(post("/buffered", BodyPublishers.ofByteArray(new byte[BUFFERED_LIMIT + 1])),
                BodyHandlers.ofString()).statusCode()).isEqualTo(413);
    }

    @Test
    void aStreamedBodyOverItsLimitIs413WhetherDeclaredOrNot() throws Exception {
        long size = 3 * STREAMED_LIMIT;
        HttpResponse<String> declared = client.send(post("/limited",
                BodyPublishers.fromPublisher(BodyPublishers.ofInputStream(() -> new Pattern(size)), size)),
                BodyHandlers.ofString());
        HttpResponse<String> chunked = client.send(post("/limited",
                BodyPublishers.ofInputStream(() -> new Pattern(size))), BodyHandlers.ofString());

        assertThat(declared.statusCode()).isEqualTo(413);
        assertThat(declared.body()).isEqualTo("RequestBodyTooLarge");
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(client.send(post("/limited", BodyPublishers.ofByteArray(new byte[10])), BodyHandlers.ofString())
                .body()).startsWith("10 ");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderAroundStreamedOnes() throws Exception {
        byte[] big = new byte[2 << 20];
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            Thread writer = new Thread(() -> {
                try {
                    // Answered without reading its body, which is then dropped to reach the next request.
                    out.write(head("POST /ignore", big.length));
                    out.write(big);
                    out.write(head("POST /stream", big.length));
                    out.write(big);
                    out.write(head("POST /buffered", 3));
                    out.write("abc".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.ISO_8859_1));

            assertThat(readResponse(in)).isEqualTo("403 not reading that");
            assertThat(readResponse(in)).isEqualTo("200 " + big.length + " " + sha256(big));
            assertThat(readResponse(in)).isEqualTo("200 buffered 3");
            writer.join(10_000);
        }
    }

    @Test
    void aClientThatLeavesMidBodyFailsTheReaderInsteadOfHangingIt() throws Exception {
        uploads.readFailure = new CompletableFuture<>();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write(head("POST /stream", 10 << 20));
            socket.getOutputStream().write(new byte[100_000]);
            socket.getOutputStream().flush();
            Thread.sleep(200);
        }

        assertThat(uploads.readFailure.get(10, TimeUnit.SECONDS)).isInstanceOf(IncompleteBodyException.class);
    }

    @Test
    void bodiesThatStallHoldNoWorkerSoOtherRequestsAreAnsweredMeanwhile() throws Exception {
        // Far more stalled bodies than the server's 4 workers: each sent its head and part of its body.
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 40; i++) {
                Socket socket = new Socket("127.0.0.1", server.port());
                stalled.add(socket);
                socket.getOutputStream().write(head("POST /stream", 10 << 20));
                socket.getOutputStream().write(new byte[100_000]);
                socket.getOutputStream().flush();
            }
            for (int i = 0; i < 20; i++) {
                HttpResponse<String> streamed = client.sendAsync(post("/stream", BodyPublishers.ofByteArray(new byte[10])),
                        BodyHandlers.ofString()).get(5, TimeUnit.SECONDS);
                assertThat(streamed.body()).startsWith("10 ");
                HttpResponse<String> buffered = client.sendAsync(post("/buffered", BodyPublishers.ofByteArray(
                        new byte[3])), BodyHandlers.ofString()).get(5, TimeUnit.SECONDS);
                assertThat(buffered.body()).isEqualTo("buffered 3");
            }
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void aBodyDeclaredOverTheLimitIsRefusedAtOnceAndTheClientStillSendingReadsTheAnswer() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(head("POST /limited", 100 * STREAMED_LIMIT));
            out.flush();
            Thread writer = new Thread(() -> {
                try {
                    byte[] piece = new byte[64 * 1024];
                    for (int i = 0; i < 200; i++) {
                        out.write(piece);
                    }
                } catch (IOException e) {
                    // the server closed the connection: expected once it has answered
                }
            });
            writer.start();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.ISO_8859_1));

            assertThat(readResponse(in)).isEqualTo("413 RequestBodyTooLarge");
            assertThat(in.read()).as("the connection ends after the answer").isEqualTo(-1);
            writer.join(10_000);
        }
    }

    private static HttpRequest post(String path, HttpRequest.BodyPublisher body) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).POST(body).build();
    }

    private static byte[] head(String requestLine, long contentLength) {
        return (requestLine + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + contentLength + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** "status body" of the next response on a raw connection. */
    private static String readResponse(BufferedReader in) throws IOException {
        String status = in.readLine().split(" ")[1];
        int length = 0;
        for (String line = in.readLine(); !line.isEmpty(); line = in.readLine()) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        char[] body = new char[length];
        int read = 0;
        while (read < length) {
            read += in.read(body, read, length - read);
        }
        return status + " " + new String(body);
    }

    private static AzureResponse text(int status, String text) {
        return AzureResponse.status(status).body("text/plain", text.getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** {@code size} bytes of a repeating, not all-zero pattern, made as they are read. */
    private static final class Pattern extends InputStream {
        private final long size;
        private long position;

        Pattern(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            return position < size ? (int) (position++ * 31 % 251) : -1;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (position >= size) {
                return -1;
            }
            int n = (int) Math.min(length, size - position);
            for (int i = 0; i < n; i++) {
                into[offset + i] = (byte) (position++ * 31 % 251);
            }
            return n;
        }

        static String sha256(long size) throws IOException, NoSuchAlgorithmException {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (Pattern pattern = new Pattern(size)) {
                byte[] buffer = new byte[64 * 1024];
                int n;
                while ((n = pattern.read(buffer, 0, buffer.length)) >= 0) {
                    sha.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(sha.digest());
        }
    }
}
