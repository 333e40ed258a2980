package io.cerulean.http.message;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A response to send: status, headers in order, and a body: bytes held whole, or a
 * {@link ResponseContent} streamed from its source, or none but a stated length (a {@code HEAD}'s or
 * a 304's). Built by operations, sent by the server.
 */
public final class AzureResponse {
    private static final byte[] EMPTY = new byte[0];

    private final int status;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>(8);
    private byte[] body = EMPTY;
    private int bodyLength;
    private ResponseContent content; // or null
    private long declaredLength = -1; // or -1
    private boolean noAnswer;

    private AzureResponse(int status) {
        this.status = status;
    }

    public static AzureResponse status(int status) {
        return new AzureResponse(status);
    }

    /**
     * No answer at all: the server closes the connection in its place, once the answers before it are
     * written, as a server that failed mid-request would; an injected fault. Status 0, which no answer has.
     */
    public static AzureResponse noAnswer() {
        AzureResponse none = new AzureResponse(0);
        none.noAnswer = true;
        return none;
    }

    /** Whether this is {@link #noAnswer()}: the connection is closed instead. */
    public boolean isNoAnswer() {
        return noAnswer;
    }

    public AzureResponse header(String name, String value) {
        headers.add(Map.entry(name, value));
        return this;
    }

    public AzureResponse body(String contentType, byte[] bytes) {
        header("Content-Type", contentType);
        this.body = bytes;
        this.bodyLength = bytes.length;
        return this;
    }

    /**
     * A body streamed from {@code content} as the client takes it, of {@code content.length()} bytes;
     * the server closes {@code content} once, whatever happens. To a {@code HEAD} request the server
     * sends the length and closes the content unread, so an operation may answer GET and HEAD alike.
     */
    public AzureResponse body(String contentType, ResponseContent content) {
        Objects.requireNonNull(content, "content");
        if (content.length() < 0) {
            throw new IllegalArgumentException("a body's length cannot be negative: " + content.length());
        }
        header("Content-Type", contentType);
        this.content = content;
        return this;
    }

    /**
     * No body, but a {@code Content-Length} of {@code length}: the length a GET would send, in the
     * answer to a {@code HEAD} or a 304 Not Modified, which HTTP says carry no body. Sent to any
     * other request it would leave the client waiting for bytes, so the server answers 500 instead.
     */
    public AzureResponse declaredLength(long length) {
        if (length < 0) {
            throw new IllegalArgumentException("a declared length cannot be negative: " + length);
        }
        this.declaredLength = length;
        return this;
    }

    /**
     * A body given as the bytes between the buffer's position and limit, at the start of its
     * array: a query page hands over the array it was written in, megabytes that are then not
     * copied again before they reach the socket.
     */
    public AzureResponse body(String contentType, ByteBuffer bytes) {
        if (!bytes.hasArray() || bytes.arrayOffset() + bytes.position() != 0) {
            throw new IllegalArgumentException("a body must start its buffer's array");
        }
        header("Content-Type", contentType);
        this.body = bytes.array();
        this.bodyLength = bytes.remaining();
        return this;
    }

    public int status() {
        return status;
    }

    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    /** The body held whole, an array of its own length; empty for a streamed body ({@link #content()}). */
    public byte[] body() {
        return bodyLength == body.length ? body : Arrays.copyOf(body, bodyLength);
    }

    /** The array holding the body in its first {@link #bodyLength()} bytes, not to be modified. */
    public byte[] bodyArray() {
        return body;
    }

    /** The length of the body held whole; 0 for a streamed body ({@link #content()}). */
    public int bodyLength() {
        return bodyLength;
    }

    /** The streamed body, or null if the body is held whole (or there is none). */
    public ResponseContent content() {
        return content;
    }

    /** The length stated without a body ({@link #declaredLength(long)}), or -1 if none is. */
    public long declaredLength() {
        return declaredLength;
    }

    /** The number of body bytes this answer says it has: streamed, held whole, or declared. */
    public long contentLength() {
        if (content != null) {
            return content.length();
        }
        return declaredLength >= 0 ? declaredLength : bodyLength;
    }
}
