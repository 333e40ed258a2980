package io.cerulean.http.message;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Percent-decoding of URL paths as UTF-8. {@code +} stays a plus: this is a path, not a form. Every
 * service decodes its path once with this, and Shared Key signs the decoded form as some clients do.
 */
public final class PercentEncoding {
    private PercentEncoding() {
    }

    /** Percent-decodes {@code raw} as UTF-8; a malformed escape is 400 InvalidUri. */
    public static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    throw invalidUri(raw);
                }
                int hi = Character.digit(raw.charAt(i + 1), 16);
                int lo = Character.digit(raw.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw invalidUri(raw);
                }
                out.write((hi << 4) | lo);
                i += 2;
            } else if (c < 0x80) {
                out.write(c);
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** 400 InvalidUri, naming the path as sent. */
    public static ServiceException invalidUri(String rawPath) {
        return new ServiceException(CommonError.INVALID_URI,
                "The requested URI does not represent any resource on the server: " + rawPath);
    }
}
