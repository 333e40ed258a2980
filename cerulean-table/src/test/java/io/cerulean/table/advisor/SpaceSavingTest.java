package io.cerulean.table.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpaceSavingTest {
    private static final class Nothing implements SpaceSaving.Slot {
        int resets;

        @Override
        public void reset() {
            resets++;
        }

        @Override
        public void scale(double factor) {
        }
    }

    @Test
    void heavyHittersAreTrackedAndTheirLowerBoundsHold() {
        SpaceSaving<Nothing> summary = new SpaceSaving<>(16, Nothing::new);
        Random random = new Random(7);
        Map<String, Integer> truth = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            // Three keys take 30% of the traffic between them; the rest is spread over 50,000 keys.
            String key = random.nextInt(10) < 3 ? "hot-" + random.nextInt(3) : "cold-" + random.nextInt(50_000);
            truth.merge(key, 1, Integer::sum);
            summary.offer(Keys.hash(key), key, 1);
        }
        for (int hot = 0; hot < 3; hot++) {
            int index = summary.indexOf(Keys.hash("hot-" + hot));
            assertThat(index).as("hot-%d is tracked", hot).isGreaterThanOrEqualTo(0);
            int actual = truth.get("hot-" + hot);
            assertThat(summary.guaranteed(index)).isLessThanOrEqualTo(actual);
            assertThat(summary.count(index)).isGreaterThanOrEqualTo(actual);
            assertThat(summary.label(index)).isEqualTo("hot-" + hot);
        }
        for (int i = 0; i < summary.size(); i++) {
            // No cold key can be shown as surely heavy: its guaranteed count never exceeds its true count.
            if (summary.label(i).startsWith("cold-")) {
                assertThat(summary.guaranteed(i)).isLessThanOrEqualTo(truth.get(summary.label(i)));
            }
        }
    }

    @Test
    void aCounterTakenOverResetsItsSlotAndInheritsTheMinimumAsError() {
        SpaceSaving<Nothing> summary = new SpaceSaving<>(2, Nothing::new);
        summary.offer(1, "a", 5);
        summary.offer(2, "b", 3);
        int index = summary.offer(3, "c", 1);
        assertThat(summary.label(index)).isEqualTo("c");
        assertThat(summary.count(index)).isEqualTo(4);
        assertThat(summary.error(index)).isEqualTo(3);
        assertThat(summary.guaranteed(index)).isEqualTo(1);
        assertThat(summary.indexOf(2)).isEqualTo(-1);
        assertThat(summary.slot(index).resets).isEqualTo(2);
    }

    @Test
    void subtractingNeverGoesBelowZeroNorLeavesTheErrorAboveTheCount() {
        SpaceSaving<Nothing> summary = new SpaceSaving<>(1, Nothing::new);
        summary.offer(1, "a", 5);
        int index = summary.offer(2, "b", 2);
        summary.subtract(index, 6);
        assertThat(summary.count(index)).isEqualTo(1);
        assertThat(summary.guaranteed(index)).isZero();
        summary.subtract(index, 10);
        assertThat(summary.count(index)).isZero();
    }

    @Test
    void longKeysAreShownByABoundedPrefix() {
        SpaceSaving<Nothing> summary = new SpaceSaving<>(1, Nothing::new);
        String key = "k".repeat(1_000);
        int index = summary.offer(Keys.hash(key), key, 1);
        assertThat(summary.label(index)).hasSize(Keys.LABEL_CHARS + 1).endsWith("\u2026");
    }
}
