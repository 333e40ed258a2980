package io.cerulean.table.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ForwardDecayTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aSteadyRateConvergesToItself() {
        ForwardDecay decay = new ForwardDecay(Duration.ofSeconds(10), 0);
        double stored = 0;
        for (long t = 0; t < 200 * SECOND; t += SECOND / 100) {
            stored += decay.weight(t); // 100 a second
        }
        assertThat(decay.ratePerSecond(stored, 200 * SECOND)).isCloseTo(100, within(1.0));
    }

    @Test
    void aCountFallsByEOverOneWindowAndRebasingKeepsItsValue() {
        ForwardDecay decay = new ForwardDecay(Duration.ofSeconds(10), 0);
        double stored = 1000 * decay.weight(5 * SECOND);
        assertThat(decay.valueNow(stored, 15 * SECOND)).isCloseTo(1000 / Math.E, within(1e-6));
        long late = 10_000 * SECOND;
        assertThat(decay.needsRebase(late)).isTrue();
        double factor = decay.rebase(15 * SECOND);
        assertThat(decay.valueNow(stored * factor, 15 * SECOND)).isCloseTo(1000 / Math.E, within(1e-6));
    }
}
