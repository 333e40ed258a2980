package io.cerulean.table.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeysTest {
    @Test
    void comparingToAnEndComparesAsTheKeysPrefixWould() {
        String[] keys = {"", "a", "ab", "b", "2026-11-29T12:00:00", "2026-11-29T12:00:01", "x".repeat(100),
                "x".repeat(63) + "y", "\uD83D\uDE00"};
        for (String key : keys) {
            for (String other : keys) {
                String end = Keys.end(other);
                assertThat(Integer.signum(Keys.compareToEnd(key, end)))
                        .as("%s vs %s", key, other)
                        .isEqualTo(Integer.signum(Keys.end(key).compareTo(end)));
            }
        }
    }

    @Test
    void hashesTellKeysApartByEveryChar() {
        assertThat(Keys.hash("ab")).isNotEqualTo(Keys.hash("ba"));
        assertThat(Keys.hash("\u0100")).isNotEqualTo(Keys.hash("\u0001"));
        assertThat(Keys.hash("")).isNotEqualTo(Keys.hash("\u0000"));
    }
}
