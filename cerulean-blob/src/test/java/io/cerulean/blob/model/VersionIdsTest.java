package io.cerulean.blob.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class VersionIdsTest {
    @Test
    void anIdIsTheMomentWithSevenFractionalDigitsAndReadsBack() {
        long ticks = VersionIds.ticks(Instant.parse("2026-11-29T06:15:02.123456700Z"));

        assertThat(VersionIds.format(ticks)).isEqualTo("2026-11-29T06:15:02.1234567Z");
        assertThat(VersionIds.format(VersionIds.ticks(Instant.parse("2026-11-29T06:15:02Z"))))
                .isEqualTo("2026-11-29T06:15:02.0000000Z");
        assertThat(VersionIds.parse("2026-11-29T06:15:02.1234567Z")).hasValue(ticks);
    }

    @Test
    void whatIsNotAMomentIsNoId() {
        assertThat(VersionIds.parse("yesterday")).isEmpty();
        assertThat(VersionIds.parse("")).isEmpty();
    }
}
