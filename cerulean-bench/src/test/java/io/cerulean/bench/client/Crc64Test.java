package io.cerulean.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class Crc64Test {
    @Test
    void theCheckValueIsCrc64Nvme() {
        assertThat(Crc64.of("123456789".getBytes(StandardCharsets.US_ASCII))).isEqualTo(0xAE8B14860A799888L);
    }

    @Test
    void nothingHasCrcZeroAndARangeIsItsOwnBytes() {
        assertThat(Crc64.of(new byte[0])).isZero();
        byte[] padded = "xx123456789yy".getBytes(StandardCharsets.US_ASCII);
        assertThat(Crc64.of(padded, 2, 9)).isEqualTo(0xAE8B14860A799888L);
    }

    @Test
    void theHeaderIsBase64OfTheBytesLeastSignificantFirst() {
        byte[] wire = Base64.getDecoder().decode(Crc64.header(0xAE8B14860A799888L));
        assertThat(wire).containsExactly(0x88, 0x98, 0x79, 0x0A, 0x86, 0x14, 0x8B, 0xAE);
    }
}
