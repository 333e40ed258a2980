package io.cerulean.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatenciesTest {
    private static final long MS = 1_000_000;

    @Test
    void nearestRankOverOneToAHundred() {
        Latencies l = new Latencies();
        for (int i = 100; i >= 1; i--) {   // recorded out of order, as workers do
            l.add(i * MS);
        }
        assertThat(l.count()).isEqualTo(100);
        assertThat(l.percentileMillis(0.5)).isEqualTo(50.0);
        assertThat(l.percentileMillis(0.99)).isEqualTo(99.0);
        assertThat(l.percentileMillis(1.0)).isEqualTo(100.0);
        assertThat(l.percentileMillis(0.001)).isEqualTo(1.0);
    }

    @Test
    void theNinetyNinthOfAFewValuesIsTheLargest() {
        Latencies l = new Latencies();
        l.add(3 * MS);
        l.add(1 * MS);
        l.add(2 * MS);
        assertThat(l.percentileMillis(0.5)).isEqualTo(2.0);
        assertThat(l.percentileMillis(0.99)).isEqualTo(3.0);
    }

    @Test
    void oneSlowOperationInAThousandIsBeyondTheNinetyNinth() {
        Latencies l = new Latencies();
        for (int i = 0; i < 999; i++) {
            l.add(MS);
        }
        l.add(500 * MS);
        assertThat(l.percentileMillis(0.99)).isEqualTo(1.0);
        assertThat(l.percentileMillis(1.0)).isEqualTo(500.0);
    }

    @Test
    void nothingRecordedIsNaN() {
        assertThat(new Latencies().percentileMillis(0.5)).isNaN();
        assertThatThrownBy(() -> new Latencies().percentileMillis(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mergeKeepsEveryValueAndGrowsPastTheFirstArray() {
        Latencies a = new Latencies();
        Latencies b = new Latencies();
        for (int i = 1; i <= 3000; i++) {
            (i % 2 == 0 ? a : b).add(i * 1000L);
        }
        Latencies all = Latencies.merge(List.of(a, b));
        assertThat(all.count()).isEqualTo(3000);
        assertThat(all.percentileMillis(0.5)).isEqualTo(1.5);
        assertThat(all.percentileMillis(1.0)).isEqualTo(3.0);
    }
}
