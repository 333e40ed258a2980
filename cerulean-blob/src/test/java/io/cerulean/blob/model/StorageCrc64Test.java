package io.cerulean.blob.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StorageCrc64Test {
    /** Wire forms (8 bytes, least significant first) as the Azure SDK's own calculator gives them. */
    @Test
    void knownVectors() {
        assertThat(wire(ascii("123456789"))).isEqualTo("8898790a86148bae");
        assertThat(StorageCrc64.of(ascii("123456789"))).isEqualTo(0xAE8B14860A799888L);
        assertThat(wire(new byte[0])).isEqualTo("0000000000000000");
        assertThat(wire(ascii("Hello World!"))).isEqualTo("a5e1fc5ec81ce502");
        assertThat(wire(new byte[4096])).isEqualTo("4eb622eb67d38264");
        byte[] pattern = new byte[1000];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i * 31 + 7);
        }
        assertThat(wire(pattern)).isEqualTo("4e6e8cc114aa9b84");
    }

    /** Slicing-by-8 agrees with the bit-at-a-time definition at every length and alignment. */
    @Test
    void agreesWithTheBitwiseDefinition() {
        Random random = new Random(7);
        for (int length = 0; length < 70; length++) {
            byte[] bytes = new byte[length + 3];
            random.nextBytes(bytes);
            StorageCrc64 crc = new StorageCrc64();
            crc.update(bytes, 3, length);
            assertThat(crc.value()).as("length %d", length).isEqualTo(bitwise(bytes, 3, length));
        }
    }

    /** Pieces in any split, heap or direct, give the CRC of the whole. */
    @Test
    void piecesAddUpToTheWhole() {
        byte[] whole = new byte[100_003];
        new Random(11).nextBytes(whole);
        long expected = StorageCrc64.of(whole);
        StorageCrc64 crc = new StorageCrc64();
        int at = 0;
        int piece = 1;
        boolean direct = false;
        while (at < whole.length) {
            int length = Math.min(piece, whole.length - at);
            ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(length) : ByteBuffer.allocate(length + 5).position(5);
            buffer.put(whole, at, length).position(direct ? 0 : 5);
            crc.update(buffer);
            assertThat(buffer.hasRemaining()).isFalse();
            at += length;
            piece = piece * 3 + 1;
            direct = !direct;
        }
        assertThat(crc.value()).isEqualTo(expected);
        assertThat(bitwise(whole, 0, whole.length)).isEqualTo(expected);
    }

    private static long bitwise(byte[] bytes, int offset, int length) {
        long crc = -1L;
        for (int i = offset; i < offset + length; i++) {
            crc ^= bytes[i] & 0xff;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ StorageCrc64.POLYNOMIAL : crc >>> 1;
            }
        }
        return ~crc;
    }

    private static String wire(byte[] bytes) {
        StorageCrc64 crc = new StorageCrc64();
        crc.update(bytes, 0, bytes.length);
        return HexFormat.of().formatHex(crc.digest());
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
