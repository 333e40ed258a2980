package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * Refuses a buffered body that says it is text (JSON, XML, {@code text/*}) in UTF-8, or in no
 * charset at all, but is not well-formed UTF-8: decoded, it would reach the service with
 * replacement characters or lone surrogates in its strings. A body in another declared charset is
 * left to the service. An ASCII body, the usual one, costs one loop.
 */
final class TextBodies {
    private TextBodies() {
    }

    /** @throws ServiceException 400 InvalidXmlDocument for XML, 400 InvalidInput for other text */
    static void check(String contentType, byte[] body) {
        if (contentType == null) {
            return;
        }
        String type = contentType.toLowerCase(java.util.Locale.ROOT);
        boolean xml = type.contains("xml");
        if (!xml && !type.contains("json") && !type.startsWith("text/")) {
            return; // not text: a $batch's multipart, bytes
        }
        int charset = type.indexOf("charset=");
        if (charset >= 0 && !type.startsWith("utf-8", charset + 8) && !type.startsWith("\"utf-8\"", charset + 8)) {
            return;
        }
        if (!Utf8.isWellFormed(body, 0, body.length)) {
            throw xml ? new ServiceException(CommonError.INVALID_XML_DOCUMENT)
                    : new ServiceException(CommonError.INVALID_INPUT, "The request body is not well-formed UTF-8.");
        }
    }
}
