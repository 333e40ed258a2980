package io.cerulean.table.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.CommonError;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ETagTest {
    @Test
    void etagIsTheServiceFormWithEscapedColons() {
        assertThat(ETag.of(Instant.parse("2022-02-01T20:52:40.2654859Z")))
                .isEqualTo("W/\"datetime'2022-02-01T20%3A52%3A40.2654859Z'\"");
    }

    @Test
    void parseReadsBackWhatWasWrittenAndEquivalentSpellings() {
        Instant t = Instant.parse("2022-02-01T20:52:40.2654859Z");
        assertThat(ETag.parse(ETag.of(t))).isEqualTo(t);
        assertThat(ETag.parse("W/\"datetime'2022-02-01T20:52:40.2654859Z'\"")).isEqualTo(t);
    }

    @Test
    void malformedEtagsAreInvalidInput() {
        for (String bad : new String[] {"abc", "\"datetime'x'\"", "W/\"datetime'not-a-date'\"", "W/\"\""}) {
            assertThatThrownBy(() -> ETag.parse(bad)).hasFieldOrPropertyWithValue("errorCode", CommonError.INVALID_INPUT);
        }
    }

    /** Written into an array at any offset: the Timestamp's wire form, colons as %3A, in W/"datetime'...'". */
    @Test
    void writeGivesTheServiceFormAtAnyOffsetAcrossTheStoredRange() {
        java.util.Random random = new java.util.Random(5);
        long min = DateTimes.toEpochTicks(DateTimes.MIN);
        long max = DateTimes.toEpochTicks(DateTimes.MAX);
        byte[] out = new byte[ETag.MAX_WRITTEN_LENGTH + 7];
        for (int i = 0; i < 20_000; i++) {
            long ticks = switch (i % 3) {
                case 0 -> random.nextLong(min, max + 1);
                case 1 -> random.nextLong(min, max + 1) / 10_000_000L * 10_000_000L; // whole seconds
                default -> i % 2 == 0 ? min + random.nextInt(1000) : max - random.nextInt(1000);
            };
            int at = i % 7;
            int end = ETag.write(ticks, out, at);
            String expected = "W/\"datetime'" + DateTimes.format(DateTimes.fromEpochTicks(ticks)).replace(":", "%3A") + "'\"";
            assertThat(new String(out, at, end - at, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo(expected);
            assertThat(ETag.of(DateTimes.fromEpochTicks(ticks))).isEqualTo(expected);
        }
    }
}
