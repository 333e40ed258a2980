package io.cerulean.http.message;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Map;

/**
 * A request as a storage service sees it, independent of Netty's objects' lifetimes: the method,
 * the raw (still percent-encoded) path, query parameters (form-decoded), headers and the body.
 * The body has been bounded before it was buffered. {@code secure} says it came over TLS, and
 * {@code clientAddress} is the peer's IP address (for a SAS's {@code sip}), empty when unknown.
 */
public record AzureRequest(String method, String rawPath, Map<String, List<String>> query, HttpHeaders headers,
                           byte[] body, boolean secure, String clientAddress) {

    /** The first value of a query parameter, or null. */
    public String queryParameter(String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** A header's value, or null. Header names are case-insensitive. */
    public String header(String name) {
        return headers.get(name);
    }
}
