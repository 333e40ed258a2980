package io.cerulean.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes string values. Jackson escapes a string char by char; most long values (descriptions,
 * serialised documents) have nothing to escape, and those are checked eight bytes at a time and
 * copied as they are, about three times faster. The output is the bytes Jackson would write: it
 * escapes only control characters, {@code "} and {@code \}, and writes other text as UTF-8.
 */
final class JsonStrings {
    /** Shorter strings are cheaper to hand to Jackson than to check. */
    private static final int MIN_CHECKED_LENGTH = 32;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private JsonStrings() {
    }

    static void write(JsonGenerator json, String value) throws IOException {
        if (value.length() >= MIN_CHECKED_LENGTH) {
            byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
            if (utf8.length == value.length() && isPlain(utf8)) {
                json.writeRawUTF8String(utf8, 0, utf8.length);
                return;
            }
        }
        json.writeString(value);
    }

    /**
     * Writes a string given as well-formed UTF-8 (a store's text, never decoded). Jackson would copy
     * its bytes at or above 0x80 as they are too, but tests every byte on the way; the shortcut
     * needs only the eight-byte check.
     */
    static void writeUtf8(JsonGenerator json, byte[] utf8, int offset, int length) throws IOException {
        if (length >= MIN_CHECKED_LENGTH && isPlainUtf8(utf8, offset, length)) {
            json.writeRawUTF8String(utf8, offset, length);
        } else {
            json.writeUTF8String(utf8, offset, length);
        }
    }

    /**
     * Whether UTF-8 bytes, as many as the string had chars (so ASCII, or an unpaired surrogate that
     * the encoder replaced by '?'), can be written as they are: no byte below 0x20, no {@code "},
     * no {@code \}, and no '?', since that one may stand for a surrogate Jackson would keep.
     */
    static boolean isPlain(byte[] ascii) {
        return isPlain(ascii, 0, ascii.length, (byte) '?');
    }

    /** Whether UTF-8 bytes can be written as they are: no byte below 0x20, no {@code "}, no {@code \}. */
    private static boolean isPlainUtf8(byte[] utf8, int offset, int length) {
        return isPlain(utf8, offset, length, (byte) '"'); // '"' is refused anyway: nothing more
    }

    /**
     * Whether the bytes hold no byte below 0x20, no {@code "}, no {@code \} and no {@code refused}.
     * Bytes at or above 0x80 pass: each eight-byte test is exact as a whole (a borrow only
     * follows a byte that was found).
     */
    private static boolean isPlain(byte[] bytes, int offset, int length, byte refused) {
        long refusedEverywhere = (refused & 0xFFL) * ONES;
        int i = offset;
        int end = offset + length;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            long x = (long) LONGS.get(bytes, i);
            long quotes = x ^ 0x2222222222222222L;
            long backslashes = x ^ 0x5C5C5C5C5C5C5C5CL;
            long refusals = x ^ refusedEverywhere;
            // The high bit of a byte is set where it is below 0x20 or zero after an XOR.
            long found = ((x - 0x2020202020202020L) & ~x)
                    | ((quotes - ONES) & ~quotes)
                    | ((backslashes - ONES) & ~backslashes)
                    | ((refusals - ONES) & ~refusals);
            if ((found & HIGH_BITS) != 0) {
                return false;
            }
        }
        for (; i < end; i++) {
            byte b = bytes[i];
            if ((b >= 0 && b < 0x20) || b == '"' || b == '\\' || b == refused) {
                return false;
            }
        }
        return true;
    }
}
