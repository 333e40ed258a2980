package io.cerulean.http.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HttpDatesTest {
    @Test
    void daysAlwaysHaveTwoDigits() {
        assertThat(HttpDates.format(Instant.parse("2022-02-01T20:52:39Z"))).isEqualTo("Tue, 01 Feb 2022 20:52:39 GMT");
        assertThat(HttpDates.format(Instant.parse("2026-11-22T09:05:00.9Z"))).isEqualTo("Sun, 22 Nov 2026 09:05:00 GMT");
    }
}
