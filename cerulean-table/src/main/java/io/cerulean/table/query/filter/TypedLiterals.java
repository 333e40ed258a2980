package io.cerulean.table.query.filter;

import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.PropertyValue;
import java.util.UUID;

/** The contents of {@code datetime'…'}, {@code guid'…'} and {@code X'…'}/{@code binary'…'} literals. */
final class TypedLiterals {
    private TypedLiterals() {
    }

    static PropertyValue dateTime(String content, int position) {
        return DateTimes.parse(content).map(PropertyValue::ofDateTime).orElseThrow(() -> FilterSyntax.error(
                "Invalid datetime literal '" + content + "'", position,
                "expected an ISO 8601 date-time between 1601-01-01 and 9999-12-31, e.g. datetime'2019-07-10T19:00:00Z'"));
    }

    /**
     * Strictly 8-4-4-4-12 hex digits: {@link UUID#fromString} alone also accepts shortened groups such as
     * {@code 1-2-3-4-5}, which the service does not.
     */
    static PropertyValue guid(String content, int position) {
        boolean valid = content.length() == 36;
        for (int i = 0; valid && i < 36; i++) {
            char c = content.charAt(i);
            valid = (i == 8 || i == 13 || i == 18 || i == 23) ? c == '-' : Character.digit(c, 16) >= 0 && c < 128;
        }
        if (!valid) {
            throw FilterSyntax.error("Invalid guid literal '" + content + "'", position,
                    "expected 32 hex digits grouped 8-4-4-4-12, e.g. guid'a455c695-df98-5678-aaaa-81d3367e5a34'");
        }
        return PropertyValue.ofGuid(UUID.fromString(content));
    }

    static PropertyValue binary(String content, int position) {
        int length = content.length();
        byte[] bytes = new byte[length / 2];
        boolean valid = length % 2 == 0;
        for (int i = 0; valid && i < bytes.length; i++) {
            int high = hexDigit(content.charAt(2 * i));
            int low = hexDigit(content.charAt(2 * i + 1));
            valid = high >= 0 && low >= 0;
            bytes[i] = (byte) (high << 4 | low);
        }
        if (!valid) {
            throw FilterSyntax.error("Invalid binary literal '" + content + "'", position,
                    "expected an even number of hex digits, e.g. X'0102'");
        }
        return PropertyValue.ofBinaryOwned(bytes);
    }

    /** Only ASCII hex digits: Character.digit would also take full-width and other Unicode digits. */
    private static int hexDigit(char c) {
        return c < 128 ? Character.digit(c, 16) : -1;
    }
}
