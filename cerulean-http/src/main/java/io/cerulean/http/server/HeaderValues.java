package io.cerulean.http.server;

import java.nio.charset.StandardCharsets;

/**
 * Makes a response header value safe to put on the wire. A value may echo what a client sent (a
 * query's filter in a diagnostic header, a client request id); a control character or a non-ASCII
 * one there would either be refused by the encoder, leaving the request unanswered, or split the
 * response. Such a value goes out percent-encoded (UTF-8, with {@code %} itself escaped too); every
 * other value, nearly all of them, goes out as it is, checked by one loop and not copied.
 */
final class HeaderValues {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private HeaderValues() {
    }

    static String escape(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c >= 0x7f) {
                return percentEncode(value);
            }
        }
        return value;
    }

    private static String percentEncode(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(bytes.length + 16);
        for (byte b : bytes) {
            int c = b & 0xff;
            if (c < 0x20 || c >= 0x7f || c == '%') {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            } else {
                out.append((char) c);
            }
        }
        return out.toString();
    }
}
