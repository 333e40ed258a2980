package io.cerulean.http.pipeline;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.requestlog.RequestFacts;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link RequestFacts} of an answered request, for a log that wants them: only a request whose
 * URL named an account and which was routed to an operation has them; one to a {@code -secondary}
 * endpoint has none (Storage Analytics counts the primary's requests).
 */
final class AnsweredFacts {
    /** The request headers the Storage Analytics log format has a field for. */
    private static final List<String> REQUEST_HEADERS = List.of("x-ms-version", "user-agent", "referer",
            "x-ms-client-request-id", "content-length", "content-md5", "if-match", "if-none-match",
            "if-modified-since", "if-unmodified-since", "x-ms-range", "range");
    /** The response headers it has a field for. */
    private static final List<String> RESPONSE_HEADERS = List.of("content-md5", "etag", "last-modified");

    private AnsweredFacts() {
    }

    /**
     * The facts, or null when the request named no account or no operation. Cheap: a lookup per header
     * the log shows and one pass to size the heads; the URL is left for the log to put together.
     */
    static RequestFacts of(AzureRequest request, Target target, RoutedOperation route, AzureResponse response) {
        if (request == null || target == null || route == null || target.secondary()) {
            return null;
        }
        Map<String, String> requestHeaders = new HashMap<>();
        for (String name : REQUEST_HEADERS) {
            String value = request.header(name);
            if (value != null) {
                requestHeaders.put(name, value);
            }
        }
        long requestHeaderBytes = request.method().length() + request.rawPath().length() + 11L;
        for (Map.Entry<String, String> header : request.headers()) {
            requestHeaderBytes += header.getKey().length() + header.getValue().length() + 4;
        }
        Map<String, String> responseHeaders = new HashMap<>();
        long responseHeaderBytes = 17;
        for (Map.Entry<String, String> header : response.headers()) {
            responseHeaderBytes += header.getKey().length() + header.getValue().length() + 4;
            for (String name : RESPONSE_HEADERS) {
                if (name.equalsIgnoreCase(header.getKey())) {
                    responseHeaders.putIfAbsent(name, header.getValue());
                }
            }
        }
        return new RequestFacts(target.account(), route.analyticsName(request), route.isRead(), authType(request),
                request.header("Host"), request.secure(), requestHeaderBytes, requestBodyBytes(request),
                responseHeaderBytes, requestHeaders, responseHeaders);
    }

    /** The credential the request carried: a signature in the query is a SAS, an Authorization header a key or token. */
    private static String authType(AzureRequest request) {
        if (request.queryParameter("sig") != null) {
            return "sas";
        }
        return request.header("Authorization") != null ? "authenticated" : "anonymous";
    }

    private static long requestBodyBytes(AzureRequest request) {
        String declared = request.header("Content-Length");
        if (declared != null) {
            try {
                return Long.parseLong(declared.trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return request.streamsBody() ? 0 : request.body().length;
    }

}
