package io.cerulean.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueueOpsTest {
    @Test
    void messageTextsAreAHundredCharactersAndTellTheirNumber() {
        assertThat(QueueOps.text(0)).hasSize(QueueOps.TEXT_CHARS).startsWith("qm-0-");
        assertThat(QueueOps.text(123_456_789L)).hasSize(QueueOps.TEXT_CHARS);
        assertThat(QueueOps.number(QueueOps.text(42))).isEqualTo(42);
        assertThat(QueueOps.number(QueueOps.text(42) + "x")).isEqualTo(-1);
        assertThat(QueueOps.number("hello")).isEqualTo(-1);
        assertThat(QueueOps.number(null)).isEqualTo(-1);
    }
}
