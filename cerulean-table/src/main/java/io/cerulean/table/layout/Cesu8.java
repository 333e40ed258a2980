package io.cerulean.table.layout;

import io.cerulean.common.text.ByteScan;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Strings as bytes whose unsigned order equals {@link String#compareTo} order (UTF-16 code units).
 *
 * <p>Each UTF-16 code unit, surrogates included, is written on its own in UTF-8 form (1 to 3
 * bytes); this is CESU-8. Plain UTF-8 would sort supplementary characters (encoded from their
 * code point) after U+E000..U+FFFF, while the service compares code units, where surrogates sort
 * first. The encoding is also lossless for unpaired surrogates, which JSON escapes can carry.
 */
final class Cesu8 {
    private Cesu8() {
    }

    /** Bytes needed to encode {@code s}. */
    static int length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        }
        return n;
    }

    /** Encodes {@code s} into {@code out} at {@code pos}; returns the position after it. */
    static int encode(String s, byte[] out, int pos) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out[pos++] = (byte) c;
            } else if (c < 0x800) {
                out[pos++] = (byte) (0xC0 | (c >> 6));
                out[pos++] = (byte) (0x80 | (c & 0x3F));
            } else {
                out[pos++] = (byte) (0xE0 | (c >> 12));
                out[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[pos++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return pos;
    }

    static byte[] encode(String s) {
        byte[] ascii = asciiBytes(s);
        if (ascii != null) {
            return ascii;
        }
        byte[] out = new byte[length(s)];
        encode(s, out, 0);
        return out;
    }

    /**
     * The bytes of {@code s} if it is all ASCII, where CESU-8 is the chars themselves; otherwise null.
     * Most text is ASCII, and the JDK encodes it with vector instructions, about four times faster
     * than the loop over chars. A char that comes out as one byte of UTF-8 is ASCII or an unpaired
     * surrogate replaced by '?': only where a '?' came out must the chars be compared.
     */
    static byte[] asciiBytes(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (utf8.length != s.length()) {
            return null;
        }
        for (int i = ByteScan.indexOf(utf8, 0, utf8.length, (byte) '?'); i >= 0;
                i = ByteScan.indexOf(utf8, i + 1, utf8.length, (byte) '?')) {
            if (s.charAt(i) != '?') {
                return null;
            }
        }
        return utf8;
    }

    /** Decodes {@code len} bytes at {@code pos}. */
    static String decode(byte[] in, int pos, int len) {
        // CESU-8 is UTF-8 but for surrogates, and the JDK's UTF-8 decoder is fast (vectorised for
        // ASCII). It turns each surrogate's three bytes into one U+FFFD, so its answer stands when the
        // text was all ASCII (as many chars came out as bytes went in) or holds no surrogate.
        String utf8 = new String(in, pos, len, StandardCharsets.UTF_8);
        if (utf8.length() == len || !holdsSurrogate(in, pos, len)) {
            return utf8;
        }
        int end = pos + len;
        char[] chars = new char[len];
        int n = 0;
        int i = pos;
        while (i < end) {
            int b = in[i] & 0xFF;
            if (b < 0x80) {
                chars[n++] = (char) b;
                i += 1;
            } else if (b < 0xE0) {
                chars[n++] = (char) (((b & 0x1F) << 6) | (in[i + 1] & 0x3F));
                i += 2;
            } else {
                chars[n++] = (char) (((b & 0x0F) << 12) | ((in[i + 1] & 0x3F) << 6) | (in[i + 2] & 0x3F));
                i += 3;
            }
        }
        return new String(Arrays.copyOf(chars, n));
    }

    /**
     * Whether the bytes are also well-formed UTF-8: they encode no surrogate. Only a surrogate or
     * a char in U+D000..U+D7FF starts with 0xED, so text without that byte, checked eight bytes at
     * a time, needs no closer look.
     */
    static boolean isUtf8(byte[] in, int pos, int len) {
        int first = ByteScan.indexOf(in, pos, pos + len, (byte) 0xED);
        return first < 0 || !holdsSurrogate(in, first, pos + len - first);
    }

    /** Whether the bytes encode a surrogate: ED A0..BF xx (ED 80..9F xx is U+D000..U+D7FF). */
    private static boolean holdsSurrogate(byte[] in, int pos, int len) {
        for (int i = pos, last = pos + len - 1; i < last; i++) {
            if (in[i] == (byte) 0xED && (in[i + 1] & 0xFF) >= 0xA0) {
                return true;
            }
        }
        return false;
    }
}
