package io.cerulean.http.requestlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackgroundRequestLogTest {
    @TempDir
    Path temp;

    private static RequestLogEntry entry(int i) {
        return new RequestLogEntry(0, "127.0.0.1", "GET", "/devstoreaccount1/t" + i, Map.of(), 200, null, 1000,
                "id-" + i, 0);
    }

    @Test
    void everyLineIsInTheFileOnceTheLogIsClosedAndTheFileIsAppendedTo() throws IOException {
        Path file = temp.resolve("requests.log");
        Files.writeString(file, "earlier\n");
        RequestLog log = RequestLog.file(file, RequestLogFormat.CLF);
        for (int i = 0; i < 1000; i++) {
            log.record(entry(i));
        }
        log.close();

        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1001).first().isEqualTo("earlier");
        assertThat(lines.get(1000)).contains("/devstoreaccount1/t999").contains("id-999");
    }

    @Test
    void aQuietServersLinesReachTheFileWithoutWaitingForMore() throws Exception {
        Path file = temp.resolve("quiet.log");
        RequestLog log = RequestLog.file(file, RequestLogFormat.JSON);
        try {
            log.record(entry(1));
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (Files.size(file) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(Files.readString(file)).contains("\"requestId\":\"id-1\"");
        } finally {
            log.close();
        }
    }

    @Test
    void aFileThatCannotBeOpenedSaysWhy() {
        Path file = temp.resolve("no-such-directory").resolve("requests.log");

        assertThatThrownBy(() -> RequestLog.file(file, RequestLogFormat.CLF))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("No such file or directory");
    }
}
