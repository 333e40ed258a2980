package io.cerulean.http.requestlog;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One answered request as the request log writes it. {@code query} is the request's decoded query
 * parameters; the log never writes a SAS signature ({@code sig}) from it. {@code method},
 * {@code path} and {@code clientAddress} are null for a request that could not be read.
 */
public record RequestLogEntry(long epochMillis, String clientAddress, String method, String path,
                              Map<String, List<String>> query, int status, String errorCode, long durationNanos,
                              String requestId, long responseBytes) {
    public RequestLogEntry {
        Objects.requireNonNull(requestId, "requestId");
        query = query == null ? Map.of() : query;
    }
}
