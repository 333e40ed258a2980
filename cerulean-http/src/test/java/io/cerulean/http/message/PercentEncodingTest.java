package io.cerulean.http.message;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PercentEncodingTest {
    @Test
    void percentDecodeIsUtf8AndKeepsPlus() {
        assertThat(PercentEncoding.decode("a+b%20c%C3%A9")).isEqualTo("a+b cé");
        assertThat(PercentEncoding.decode("no-escapes")).isEqualTo("no-escapes");
    }
}
