package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.server.RawConnection.Answer;
import io.cerulean.http.tls.SelfSignedCertificate;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What one client may hold of the server: time, connections, buffered body bytes. */
class HttpServerLimitsTest {
    private static final Duration SHORT = Duration.ofMillis(500);

    private static HttpServer start(ConnectionLimits limits, int maxBodyBytes) {
        return HttpServer.start(new ServerConfig("127.0.0.1", 0, 4).withLimits(limits), new FakeService(maxBodyBytes));
    }

    private static ConnectionLimits shortTimeouts() {
        return ConnectionLimits.defaults().withTimeouts(SHORT, SHORT, SHORT);
    }

    @Test
    void anIdleConnectionIsClosed() throws IOException {
        try (HttpServer server = start(shortTimeouts(), 1024); RawConnection c = new RawConnection(server.port())) {
            c.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(c.read().status()).isEqualTo(200);
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void aConnectionWaitingForItsAnswerIsNotIdle() throws IOException {
        ConnectionLimits limits = ConnectionLimits.defaults().withTimeouts(Duration.ofMillis(100), SHORT, SHORT);
        try (HttpServer server = start(limits, 1024); RawConnection c = new RawConnection(server.port())) {
            c.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(c.read().body()).isEqualTo("slow 0");
        }
    }

    @Test
    void aHeadThatDoesNotArriveIs408() throws IOException {
        try (HttpServer server = start(shortTimeouts(), 1024); RawConnection c = new RawConnection(server.port())) {
            c.send("GET /ok HTTP/1.1\r\nHost: x\r\n");
            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(408);
            assertThat(answer.header("x-ms-error-code")).isEqualTo("RequestTimeout");
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void aBodyThatStopsIs408() throws IOException {
        try (HttpServer server = start(shortTimeouts(), 1024); RawConnection c = new RawConnection(server.port())) {
            c.send("PUT /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc");
            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(408);
            assertThat(answer.header("x-head-path")).isEqualTo("/ok");
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void aBodyThatStopsIs408InItsOwnTimeEvenWhenTheIdleTimeoutIsFarLonger() throws IOException {
        ConnectionLimits limits = ConnectionLimits.defaults().withTimeouts(Duration.ofSeconds(120),
                Duration.ofSeconds(30), SHORT);
        try (HttpServer server = start(limits, 1024); RawConnection c = new RawConnection(server.port())) {
            long started = System.nanoTime();
            c.send("PUT /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc");
            Answer answer = c.read();
            assertThat(answer.status()).isEqualTo(408);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        }
    }

    @Test
    void aConnectionThatNeverSaysTlsOrPlainIsClosed(@TempDir Path dir) throws IOException {
        ServerConfig config = new ServerConfig("127.0.0.1", 0, 4)
                .withTls(SelfSignedCertificate.keptIn(dir, Clock.systemUTC())).withLimits(shortTimeouts());
        try (HttpServer server = HttpServer.start(config, new FakeService(1024));
             RawConnection c = new RawConnection(server.port())) {
            assertThat(c.closedWithin(5000)).isTrue();
        }
    }

    @Test
    void connectionsBeyondTheCapAreClosedAtOnce() throws IOException {
        try (HttpServer server = start(ConnectionLimits.defaults().withMaxConnections(2), 1024);
             RawConnection first = new RawConnection(server.port());
             RawConnection second = new RawConnection(server.port());
             RawConnection third = new RawConnection(server.port())) {
            assertThat(third.closedWithin(5000)).isTrue();
            first.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
            second.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(first.read().status()).isEqualTo(200);
            assertThat(second.read().status()).isEqualTo(200);
            first.close();
            Answer later = null;
            for (int attempt = 0; attempt < 50 && later == null; attempt++) { // the close takes a moment to count
                try (RawConnection fourth = new RawConnection(server.port())) {
                    fourth.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
                    later = fourth.read();
                } catch (IOException e) {
                    later = null;
                }
            }
            assertThat(later).isNotNull();
            assertThat(later.status()).isEqualTo(200);
        }
    }

    @Test
    void bodiesBeyondTheBudgetAre503AndEveryRequestIsAnswered() throws Exception {
        int body = 200 * 1024;
        ConnectionLimits limits = ConnectionLimits.defaults().withBufferedBodyBudget(3L * body);
        ExecutorService clients = Executors.newFixedThreadPool(16);
        try (HttpServer server = start(limits, 1 << 20)) {
            List<Future<List<Integer>>> results = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                results.add(clients.submit(() -> {
                    List<Integer> statuses = new ArrayList<>();
                    try (RawConnection c = new RawConnection(server.port())) {
                        for (int n = 0; n < 3; n++) {
                            c.send("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: " + body + "\r\n\r\n");
                            c.send(new byte[body]);
                            Answer answer = c.read();
                            statuses.add(answer == null ? -1 : answer.status());
                        }
                    }
                    return statuses;
                }));
            }
            List<Integer> all = new ArrayList<>();
            for (Future<List<Integer>> result : results) {
                all.addAll(result.get());
            }
            assertThat(all).hasSize(48).containsOnly(200, 503).contains(200, 503);
        } finally {
            clients.shutdownNow();
        }
    }
}
