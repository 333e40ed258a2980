package io.cerulean.common.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure the client is told about: an {@link ErrorCode}, the message to send, and the details
 * the service names beside it (in the XML error body: {@code <QueryParameterName>},
 * {@code <MaxLimit>}...). Carries no response body; the HTTP layer renders it. Made without a stack trace: it is an answer, not a
 * bug, and requests that fail are as frequent as the clients make them.
 */
public class ServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode errorCode;
    private final Map<String, String> details;
    private final Map<String, String> responseHeaders;

    public ServiceException(ErrorCode errorCode) {
        this(errorCode, errorCode.message());
    }

    public ServiceException(ErrorCode errorCode, String message) {
        this(errorCode, message, Map.of());
    }

    /** @param details element names and their values, in the order the service writes them */
    public ServiceException(ErrorCode errorCode, String message, Map<String, String> details) {
        this(errorCode, message, details, Map.of());
    }

    /**
     * @param details         element names and their values, in the order the service writes them
     * @param responseHeaders headers the error's response carries beside the usual ones (a 416's
     *                        {@code Content-Range}, which tells the client the resource's size)
     */
    public ServiceException(ErrorCode errorCode, String message, Map<String, String> details,
                            Map<String, String> responseHeaders) {
        super(message, null, false, false);
        this.errorCode = errorCode;
        this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
        this.responseHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(responseHeaders));
    }

    public ErrorCode errorCode() {
        return errorCode;
    }

    /** What the service names beside the message, in order; empty for most errors. */
    public Map<String, String> details() {
        return details;
    }

    /** Headers the response carries beside the usual ones; empty for most errors. */
    public Map<String, String> responseHeaders() {
        return responseHeaders;
    }
}
