package io.cerulean.app.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ControlMessageTest {
    @Test
    void aLineReadsBackAsWritten() {
        ControlMessage message = ControlMessage.of("event", "add", "items", 12, "bytes", 1L << 40,
                "message", "a \"quoted\" line\nwith a break");
        String line = message.encode();
        assertThat(line).doesNotContain("\n");
        assertThat(ControlMessage.parse(line)).isEqualTo(message);
        assertThat(ControlMessage.parse(line).number("bytes")).isEqualTo(1L << 40);
    }

    @Test
    void theLastLinesAreDoneRefusedAndFailed() {
        assertThat(ControlMessage.parse("{\"event\":\"done\"}").isLast()).isTrue();
        assertThat(ControlMessage.ending(ControlMessage.REFUSED, "no").isLast()).isTrue();
        assertThat(ControlMessage.ending(ControlMessage.FAILED, "no").isLast()).isTrue();
        assertThat(ControlMessage.of("event", "add", "items", 1).isLast()).isFalse();
        assertThat(ControlMessage.of("command", "backup").kind()).isEqualTo("backup");
    }

    @Test
    void whatIsNotAFlatObjectIsRefused() {
        assertThatThrownBy(() -> ControlMessage.parse("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlMessage.parse("[1]")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlMessage.parse("{\"a\":{\"b\":1}}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlMessage.parse("{\"a\":1.5}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlMessage.parse("{\"a\":1}{\"b\":2}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ControlMessage.parse("{\"a\":1")).isInstanceOf(IllegalArgumentException.class);
    }
}
