package io.cerulean.app.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControlSocketTest {
    @TempDir
    Path dir;

    private static final ControlCommand COUNT = (request, replies) -> {
        for (long i = 1; i <= request.number("to"); i++) {
            replies.send(ControlMessage.of(ControlMessage.EVENT, ControlMessage.ADD, "items", i));
        }
        replies.send(ControlMessage.of(ControlMessage.EVENT, ControlMessage.DONE));
    };

    /** A stale file (a killed server's) is replaced; the socket is its owner's alone; a clean close removes it. */
    @Test
    void aCommandIsAnsweredByItsLinesThenItsLastOne() throws IOException {
        Path file = ControlAddress.file(dir);
        Files.writeString(file, "left by a killed server");
        try (ControlSocket socket = ControlSocket.start(file, Map.of("count", COUNT))) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
            List<Long> lines = new ArrayList<>();
            ControlMessage last;
            try (ControlClient client = ControlClient.connect(file).orElseThrow()) {
                last = client.call(ControlMessage.of(ControlMessage.COMMAND, "count", "to", 3),
                        line -> lines.add(line.number("items")));
            }
            assertThat(lines).containsExactly(1L, 2L, 3L);
            assertThat(last.kind()).isEqualTo(ControlMessage.DONE);
            try (ControlClient client = ControlClient.connect(file).orElseThrow()) {
                ControlMessage unknown = client.call(ControlMessage.of(ControlMessage.COMMAND, "reset"), line -> { });
                assertThat(unknown.kind()).isEqualTo(ControlMessage.FAILED);
                assertThat(unknown.string(ControlMessage.MESSAGE)).hasValueSatisfying(
                        message -> assertThat(message).contains("no such command: reset", "count"));
            }
        }
        assertThat(file).doesNotExist();
        assertThat(ControlClient.connect(file)).isEmpty();
    }

    /** A socket file no server listens on is no server. */
    @Test
    void aFileNoOneListensOnIsNoServer() throws IOException {
        Path file = ControlAddress.file(dir);
        try (ControlSocket socket = ControlSocket.start(file, Map.of())) {
            ControlClient.connect(file).orElseThrow().close();
        }
        Files.writeString(file, "");
        assertThat(ControlClient.connect(file)).isEmpty();
    }
}
