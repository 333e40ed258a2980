package io.cerulean.http.xml;

import java.nio.charset.StandardCharsets;

/**
 * The characters an XML 1.0 document can hold, its {@code Char} production: tab, line feed, carriage
 * return, U+0020 to U+D7FF, U+E000 to U+FFFD and, as surrogate pairs, U+10000 up. Not the other C0
 * controls, not U+FFFE or U+FFFF, not a lone surrogate, not even as a character reference: a
 * document holding one is not well-formed, and every strict parser refuses all of it.
 */
public final class XmlChars {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private XmlChars() {
    }

    /** Whether every character of {@code text} can be written in an XML 1.0 document. */
    public static boolean canCarry(String text) {
        return firstUncarried(text) < 0;
    }

    /** The index of the first character XML 1.0 cannot carry, or -1 if there is none. */
    public static int firstUncarried(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!carriedAt(text, i)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the character at {@code i} can be written; a surrogate only as half of a pair. */
    static boolean carriedAt(String text, int i) {
        char c = text.charAt(i);
        if (c < 0x20) {
            return c == '\t' || c == '\n' || c == '\r';
        }
        if (c < Character.MIN_SURROGATE) {
            return true;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
        }
        return c != '\uFFFE' && c != '\uFFFF';
    }

    /** The character at {@code i} as a reader would name it, e.g. {@code U+0001}. */
    public static String describe(String text, int i) {
        return String.format("U+%04X", (int) text.charAt(i));
    }

    /**
     * {@code text} as UTF-8 bytes, every byte but ASCII letters, digits and {@code -_.~} written as
     * {@code %XX} (upper-case hex). The form the Blob service gives a name XML cannot carry; the
     * SDKs read it back with their URL decoders, so it must escape {@code '+'} and {@code '%'} too.
     */
    public static String percentEncoded(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(bytes.length * 3);
        for (byte b : bytes) {
            int v = b & 0xFF;
            if (v >= 'a' && v <= 'z' || v >= 'A' && v <= 'Z' || v >= '0' && v <= '9'
                    || v == '-' || v == '_' || v == '.' || v == '~') {
                out.append((char) v);
            } else {
                out.append('%').append(HEX[v >> 4]).append(HEX[v & 0xF]);
            }
        }
        return out.toString();
    }

    /**
     * {@code text} with every character XML 1.0 cannot carry replaced by U+FFFD: for messages, which
     * must reach the client readable even when they quote what it sent.
     */
    public static String replaceUncarried(String text) {
        int first = firstUncarried(text);
        if (first < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length()).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            out.append(carriedAt(text, i) ? text.charAt(i) : '\uFFFD');
        }
        return out.toString();
    }
}
