package io.cerulean.http.requestlog;

import java.util.Map;
import java.util.Objects;

/**
 * What Storage Analytics needs of an answered request beyond what a request log line shows: built by
 * the pipeline only for a log that asks for it ({@link RequestLog#wantsFacts()}), from the request's
 * route and target, so that a line costs nothing more when no one reads these.
 *
 * @param account        the account the URL names (never a {@code -secondary} one: those are not counted)
 * @param operation      the operation's name as Azure logs it ({@code GetBlob}, {@code QueryEntities})
 * @param read           whether the operation changes nothing
 * @param authType       {@code authenticated}, {@code sas} or {@code anonymous}, from the credential sent
 * @param host           the request's Host header, null when it had none
 * @param secure         whether it came over TLS
 * @param requestHeaders the request's headers that the log shows, names in lower case
 * @param responseHeaders the response's headers that the log shows, names in lower case
 */
public record RequestFacts(String account, String operation, boolean read, String authType, String host, boolean secure,
                           long requestHeaderBytes, long requestBodyBytes, long responseHeaderBytes,
                           Map<String, String> requestHeaders, Map<String, String> responseHeaders) {
    public RequestFacts {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(authType, "authType");
        requestHeaders = Map.copyOf(requestHeaders);
        responseHeaders = Map.copyOf(responseHeaders);
    }

    public String requestHeader(String name) {
        return requestHeaders.get(name);
    }

    public String responseHeader(String name) {
        return responseHeaders.get(name);
    }
}
