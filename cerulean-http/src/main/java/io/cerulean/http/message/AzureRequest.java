package io.cerulean.http.message;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A request as a storage service sees it, independent of Netty's objects' lifetimes: the method,
 * the raw (still percent-encoded) path, query parameters (form-decoded), headers and the body.
 * {@code secure} says it came over TLS, and {@code clientAddress} is the peer's IP address (for a
 * SAS's {@code sip}), empty when unknown.
 *
 * <p>The body comes one of two ways, as the service chose from the request's head. Most are
 * buffered, bounded before they were read, and are {@link #body()}. A body the service streams
 * (a blob's content) is {@link #streamedBody()} instead, poured as it arrives into a sink the
 * service chose once the request was authorized; when the operation runs, that sink, holding the
 * whole body, is {@link #receivedBody}.
 *
 * <p>{@code routing} is what the service's pipeline made of the head, once ({@link #withRouting}); null
 * until then. {@code deadline} is when the request arrived (made with it) and, once the pipeline read
 * its {@code timeout}, by when it must be done ({@link #withDeadline}).
 */
public record AzureRequest(String method, String rawPath, Map<String, List<String>> query, HttpHeaders headers,
                           byte[] body, boolean secure, String clientAddress, StreamedRequestBody streamedBody,
                           BodySink received, Object routing, Deadline deadline) {
    private static final byte[] NO_BODY = new byte[0];

    public AzureRequest {
        if (streamedBody != null && body.length > 0) {
            throw new IllegalArgumentException("a request's body is buffered or streamed, not both");
        }
        Objects.requireNonNull(deadline, "deadline");
    }

    /** A request with a buffered body. */
    public AzureRequest(String method, String rawPath, Map<String, List<String>> query, HttpHeaders headers,
                        byte[] body, boolean secure, String clientAddress) {
        this(method, rawPath, query, headers, body, secure, clientAddress, null, null, null, Deadline.arrivedNow());
    }

    /** The same request head with its body streamed from {@code body}. */
    public AzureRequest withStreamedBody(StreamedRequestBody body) {
        return new AzureRequest(method, rawPath, query, headers, NO_BODY, secure, clientAddress, body, null, routing,
                deadline);
    }

    /** The same request, its streamed body now whole in {@code sink}. */
    public AzureRequest withReceivedBody(BodySink sink) {
        return new AzureRequest(method, rawPath, query, headers, body, secure, clientAddress, streamedBody, sink,
                routing, deadline);
    }

    /**
     * The same request, carrying what its handler made of its head ({@code routing}: its target and
     * route, opaque to the server), so that it is parsed and routed once however often it is asked about.
     */
    public AzureRequest withRouting(Object routing) {
        return new AzureRequest(method, rawPath, query, headers, body, secure, clientAddress, streamedBody, received,
                routing, deadline);
    }

    /**
     * The same request, addressed to {@code rawPath} with {@code headers} and not yet routed: what a
     * relay hands to another service's pipeline ({@code RequestHandler}), which then routes and answers
     * it as if it had come on its own port. Its body, buffered or streamed, goes with it.
     */
    public AzureRequest readdressed(String rawPath, HttpHeaders headers) {
        return new AzureRequest(method, rawPath, query, headers, body, secure, clientAddress, streamedBody, received,
                null, deadline);
    }

    /** The same request, to be done by {@code deadline}. */
    public AzureRequest withDeadline(Deadline deadline) {
        return new AzureRequest(method, rawPath, query, headers, body, secure, clientAddress, streamedBody, received,
                routing, deadline);
    }

    /** The sink that holds the streamed body, once it arrived whole; null before, or for a buffered body. */
    public <S extends BodySink> S receivedBody(Class<S> type) {
        return received == null ? null : type.cast(received);
    }

    /** Whether the body is {@link #streamedBody()} rather than {@link #body()}. */
    public boolean streamsBody() {
        return streamedBody != null;
    }

    /** The buffered body; a streamed request has none here, and asking is a defect. */
    @Override
    public byte[] body() {
        if (streamedBody != null) {
            throw new IllegalStateException("this request's body is streamed: read streamedBody()");
        }
        return body;
    }

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
