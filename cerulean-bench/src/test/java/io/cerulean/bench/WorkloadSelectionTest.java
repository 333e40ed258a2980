package io.cerulean.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.bench.client.Service;
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
    void queueWorkloadsRunOnlyWhenAskedForAndApartFromTheTableOnes() {
        WorkloadSelection s = WorkloadSelection.of(List.of("q2", "Q1"));
        assertThat(s.ids()).containsExactly("Q1", "Q2");
        assertThat(s.queue()).isTrue();
        assertThat(WorkloadSelection.of(List.of("Q2")).ids()).containsExactly("Q2");
        assertThat(WorkloadSelection.of(null).queue()).isFalse();
        assertThatThrownBy(() -> WorkloadSelection.of(List.of("W1", "Q1"))).hasMessageContaining("apart");
    }

    @Test
    void blobWorkloadsRunOnlyWhenAskedForAndApartFromTheOthers() {
        WorkloadSelection s = WorkloadSelection.of(List.of("b4", "B1", " b3"));
        assertThat(s.ids()).containsExactly("B1", "B3", "B4");
        assertThat(s.added()).isEmpty();
        assertThat(s.blob()).isTrue();
        assertThat(s.queue()).isFalse();
        assertThat(s.service()).isEqualTo(Service.BLOB);
        assertThat(WorkloadSelection.of(List.of("B2")).ids()).containsExactly("B2");
        assertThat(WorkloadSelection.of(null).service()).isEqualTo(Service.TABLE);
        assertThat(WorkloadSelection.of(List.of("Q1")).service()).isEqualTo(Service.QUEUE);
        assertThatThrownBy(() -> WorkloadSelection.of(List.of("B1", "W1"))).hasMessageContaining("apart")
                .hasMessageContaining("Table");
        assertThatThrownBy(() -> WorkloadSelection.of(List.of("Q2", "B2"))).hasMessageContaining("apart")
                .hasMessageContaining("Queue");
    }

    @Test
    void unknownNamesAreRefused() {
        assertThatThrownBy(() -> WorkloadSelection.of(List.of("W9"))).hasMessageContaining("W9");
        assertThatThrownBy(() -> WorkloadSelection.of(List.of("B8"))).hasMessageContaining("B1..B7");
    }
}
