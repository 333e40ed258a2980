package io.cerulean.http.requestlog;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One answered request as the request log writes it. {@code query} is the request's decoded query
 * parameters; the log never writes a SAS signature ({@code sig}) from it. {@code method},
 * {@code path} and {@code clientAddress} are null for a request that could not be read. {@code facts}
 * are there only for a log that wants them ({@link RequestLog#wantsFacts()}) and for a request whose
 * account and operation were found; null otherwise.
 */
public record RequestLogEntry(long epochMillis, String clientAddress, String method, String path,
                              Map<String, List<String>> query, int status, String errorCode, long durationNanos,
                              String requestId, long responseBytes, RequestFacts facts) {
    public RequestLogEntry {
        Objects.requireNonNull(requestId, "requestId");
        query = query == null ? Map.of() : query;
    }

    public RequestLogEntry(long epochMillis, String clientAddress, String method, String path,
                           Map<String, List<String>> query, int status, String errorCode, long durationNanos,
                           String requestId, long responseBytes) {
        this(epochMillis, clientAddress, method, path, query, status, errorCode, durationNanos, requestId,
                responseBytes, null);
    }
}
