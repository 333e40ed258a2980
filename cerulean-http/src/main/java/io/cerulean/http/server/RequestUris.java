package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * Refuses a request target that cannot be decoded exactly: a {@code %} not followed by two hex
 * digits, or bytes (raw or percent-encoded) that are not well-formed UTF-8, such as an overlong
 * {@code /} or a CESU-8 surrogate. Checked before anything reads the URL, so no later stage ever
 * sees a replacement character or two spellings of one name. One pass over the characters; a
 * target of plain ASCII without escapes, the usual one, costs a loop and nothing else.
 */
final class RequestUris {
    private RequestUris() {
    }

    /**
     * @param uri the request target as Netty read it, one char per byte
     * @throws ServiceException 400 InvalidUri for the path, 400 InvalidQueryParameterValue for the query
     */
    static void check(String uri) {
        Utf8 utf8 = null;
        boolean inQuery = false;
        int length = uri.length();
        for (int i = 0; i < length; i++) {
            char c = uri.charAt(i);
            int b;
            if (c == '?' && !inQuery) {
                if (utf8 != null && !utf8.wellFormed()) {
                    throw malformed(false);
                }
                utf8 = null;
                inQuery = true;
                continue;
            }
            if (c == '%') {
                int high = i + 2 < length ? Character.digit(uri.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(uri.charAt(i + 2), 16);
                if (low < 0) {
                    throw malformed(inQuery);
                }
                b = high << 4 | low;
                i += 2;
            } else {
                b = c;
            }
            if (b >= 0x80 || utf8 != null) {
                if (utf8 == null) {
                    utf8 = new Utf8();
                }
                utf8.add(b & 0xff);
            }
        }
        if (utf8 != null && !utf8.wellFormed()) {
            throw malformed(inQuery);
        }
    }

    private static ServiceException malformed(boolean inQuery) {
        return inQuery
                ? new ServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                        "The query string is not well-formed: a malformed percent escape or invalid UTF-8.")
                : new ServiceException(CommonError.INVALID_URI,
                        "The request URI is not well-formed: a malformed percent escape or invalid UTF-8.");
    }
}
