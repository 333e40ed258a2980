package io.cerulean.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.core.error.ErrorCode;
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
            assertThatThrownBy(() -> ETag.parse(bad)).hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        }
    }
}
