package io.cerulean.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadSelectionTest {
    @Test
    void noSelectionRunsAllEight() {
        assertThat(WorkloadSelection.of(null).ids()).containsExactly("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8");
    }

    @Test
    void workloadsRunInOrderWithTheLoadsTheyRead() {
        WorkloadSelection s = WorkloadSelection.of(List.of("w6", " W2"));
        assertThat(s.ids()).containsExactly("W1", "W2", "W3", "W6");
        assertThat(s.added()).containsExactly("W3 runs too: W6 reads the entities it loads",
                "W1 runs too: W2 reads the entities it inserts");
    }

    @Test
    void aLoadAskedForIsNotReportedAsAdded() {
        assertThat(WorkloadSelection.of(List.of("W3", "W8")).added()).isEmpty();
    }

    @Test
    void unknownNamesAreRefused() {
        assertThatThrownBy(() -> WorkloadSelection.of(List.of("W9"))).hasMessageContaining("W9");
    }
}
