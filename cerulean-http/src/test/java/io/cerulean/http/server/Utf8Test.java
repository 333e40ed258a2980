package io.cerulean.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8Test {
    private static boolean wellFormed(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return Utf8.isWellFormed(b, 0, b.length);
    }

    @Test
    void acceptsWhatTheJdkEncodes() {
        byte[] text = "a\u00e9\u20ac\ud83d\ude00\uffff\u0000".getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.isWellFormed(text, 0, text.length)).isTrue();
    }

    @Test
    void refusesOverlongSurrogatesTruncatedAndOutOfRange() {
        assertThat(wellFormed(0xC0, 0xAF)).as("overlong /").isFalse();
        assertThat(wellFormed(0xE0, 0x80, 0xAF)).as("overlong, three bytes").isFalse();
        assertThat(wellFormed(0xF0, 0x80, 0x80, 0xAF)).as("overlong, four bytes").isFalse();
        assertThat(wellFormed(0xED, 0xA0, 0x80)).as("CESU-8 high surrogate").isFalse();
        assertThat(wellFormed(0xE2, 0x82)).as("truncated").isFalse();
        assertThat(wellFormed(0x80)).as("a lone continuation byte").isFalse();
        assertThat(wellFormed(0xF4, 0x90, 0x80, 0x80)).as("past U+10FFFF").isFalse();
        assertThat(wellFormed(0xFF)).isFalse();
    }
}
