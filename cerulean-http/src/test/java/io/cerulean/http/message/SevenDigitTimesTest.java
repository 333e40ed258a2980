package io.cerulean.http.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class SevenDigitTimesTest {
    @Test
    void writesSevenFractionalDigitsInUtc() {
        assertThat(SevenDigitTimes.format(Instant.parse("2021-07-08T09:10:09Z")))
                .isEqualTo("2021-07-08T09:10:09.0000000Z");
        assertThat(SevenDigitTimes.format(Instant.parse("2021-07-08T09:10:09.123456789Z")))
                .isEqualTo("2021-07-08T09:10:09.1234567Z");
        assertThat(SevenDigitTimes.format(Instant.parse("2031-12-31T23:59:58.0000001Z")))
                .isEqualTo("2031-12-31T23:59:58.0000001Z");
    }
}
