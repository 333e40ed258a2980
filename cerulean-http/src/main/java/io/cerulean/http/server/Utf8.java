package io.cerulean.http.server;

/**
 * Checks that bytes are well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates (CESU-8),
 * nothing past U+10FFFF, no truncated sequence. The JDK's decoders replace what is malformed
 * instead, which would let two different byte strings name the same thing. Fed byte by byte, so a
 * percent-encoded URL is checked while it is scanned, without a copy.
 */
final class Utf8 {
    private int pending; // continuation bytes still expected
    private int lower = 0x80;
    private int upper = 0xbf;
    private boolean malformed;

    /** Takes the next byte (0-255). */
    void add(int b) {
        if (pending == 0) {
            if (b < 0x80) {
                return;
            }
            if (b >= 0xc2 && b <= 0xdf) {
                pending = 1;
            } else if (b >= 0xe0 && b <= 0xef) {
                pending = 2;
                if (b == 0xe0) {
                    lower = 0xa0; // else overlong
                } else if (b == 0xed) {
                    upper = 0x9f; // else a surrogate
                }
            } else if (b >= 0xf0 && b <= 0xf4) {
                pending = 3;
                if (b == 0xf0) {
                    lower = 0x90; // else overlong
                } else if (b == 0xf4) {
                    upper = 0x8f; // else past U+10FFFF
                }
            } else {
                malformed = true;
            }
            return;
        }
        if (b < lower || b > upper) {
            malformed = true;
        }
        lower = 0x80;
        upper = 0xbf;
        pending--;
    }

    /** Whether every byte so far, taken as a whole, is well-formed. */
    boolean wellFormed() {
        return !malformed && pending == 0;
    }

    static boolean isWellFormed(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to && bytes[i] >= 0) { // ASCII, nearly always all of it
            i++;
        }
        if (i == to) {
            return true;
        }
        Utf8 check = new Utf8();
        for (; i < to; i++) {
            check.add(bytes[i] & 0xff);
        }
        return check.wellFormed();
    }
}
