package io.cerulean.http.error;

import java.util.Map;

/**
 * How a service writes an error body other than XML (the Table service: OData JSON). The message
 * already ends with the request id and time; the code is also sent in {@code x-ms-error-code}.
 */
public interface ErrorBody {
    String contentType();

    byte[] write(String code, String message);

    /**
     * The message as this body states it, before the request id and time are added: the message
     * alone where each detail has an element of its own, as in XML.
     */
    default String messageText(String message, Map<String, String> details) {
        return message;
    }

    /** The same, with the details the service names beside the message; a body that has no place for them leaves them out. */
    default byte[] write(String code, String message, Map<String, String> details) {
        return write(code, message);
    }
}
