package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.support.SharedServers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * HTTP/1.1 connection semantics on a raw socket: a server must answer pipelined requests in the
 * order they were sent (RFC 9112, section 9.3.2).
 */
class HttpPipeliningTest {
    private static final SharedServers SERVERS = SharedServers.perClass();
    private static final int REQUESTS = 40;

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void pipelinedRequestsAreAnsweredInTheOrderSent(ServerFixture fixture) throws Exception {
        int port = SERVERS.server(fixture).cerulean().port();
        StringBuilder pipeline = new StringBuilder();
        for (int i = 0; i < REQUESTS; i++) {
            // Unsigned, so each is answered 403 without touching storage; ids tell the answers apart.
            String path = i % 2 == 0 ? "/devstoreaccount1/Tables" : "/devstoreaccount1/Tables('t" + i + "')";
            pipeline.append("GET ").append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                    .append("x-ms-client-request-id: req").append(i).append("\r\n\r\n");
        }
        List<String> answered = new ArrayList<>();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(pipeline.toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while (answered.size() < REQUESTS && (line = in.readLine()) != null) {
                if (line.toLowerCase(Locale.ROOT).startsWith("x-ms-client-request-id:")) {
                    answered.add(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        }
        assertThat(answered).containsExactlyElementsOf(IntStream.range(0, REQUESTS).mapToObj(i -> "req" + i).toList());
    }
}
