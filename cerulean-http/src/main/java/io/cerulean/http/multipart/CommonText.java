package io.cerulean.http.multipart;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Text that every SDK repeats in every part of a batch: header names and values, methods, the HTTP
 * version. A change set of a hundred operations carries each of them a hundred times or more, so
 * they are taken from here instead of being decoded into a new String each time.
 */
public final class CommonText {
    private static final String[] TEXTS = {
        "Content-Type", "Content-Transfer-Encoding", "Content-ID", "Content-Length", "Accept", "Prefer",
        "DataServiceVersion", "MaxDataServiceVersion", "If-Match", "Host", "x-ms-version",
        "content-type", "content-transfer-encoding", "content-id", "content-length", "accept", "prefer",
        "dataserviceversion", "maxdataserviceversion", "if-match", "host",
        "application/http", "binary", "application/json", "application/json;odata=nometadata",
        "application/json;odata=minimalmetadata", "application/json;odata=fullmetadata",
        "application/json; odata=nometadata", "application/json; odata=minimalmetadata",
        "application/json; odata=fullmetadata", "return-no-content", "return-content", "3.0", "3.0;NetFx",
        "1.0;NetFx", "*",
        "POST", "PUT", "MERGE", "PATCH", "DELETE", "GET", "HTTP/1.1",
    };
    private static final byte[][] BYTES = Arrays.stream(TEXTS)
            .map(text -> text.getBytes(StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);

    private CommonText() {
    }

    /** {@code data[from, to)} as UTF-8 text: one of the common texts if it is one, else a new String. */
    public static String of(byte[] data, int from, int to) {
        int length = to - from;
        for (int i = 0; i < BYTES.length; i++) {
            byte[] known = BYTES[i];
            if (known.length == length && known[0] == data[from] && Arrays.equals(known, 0, length, data, from, to)) {
                return TEXTS[i];
            }
        }
        return new String(data, from, length, StandardCharsets.UTF_8);
    }

    /** Like {@link #of} for {@code data[from, to)} without the blanks and control chars around it, as String.trim. */
    public static String trimmed(byte[] data, int from, int to) {
        while (from < to && blank(data[from])) {
            from++;
        }
        while (to > from && blank(data[to - 1])) {
            to--;
        }
        return from == to ? "" : of(data, from, to);
    }

    /** What String.trim drops: spaces and the control chars below them. */
    public static boolean blank(byte b) {
        return b >= 0 && b <= ' ';
    }
}
