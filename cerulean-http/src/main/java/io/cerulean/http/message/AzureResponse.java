package io.cerulean.http.message;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** A response to send: status, headers in order, body bytes. Built by operations, sent by the server. */
public final class AzureResponse {
    private static final byte[] EMPTY = new byte[0];

    private final int status;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>(8);
    private byte[] body = EMPTY;
    private int bodyLength;

    private AzureResponse(int status) {
        this.status = status;
    }

    public static AzureResponse status(int status) {
        return new AzureResponse(status);
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

    /** The body, an array of its own length. */
    public byte[] body() {
        return bodyLength == body.length ? body : Arrays.copyOf(body, bodyLength);
    }

    /** The array holding the body in its first {@link #bodyLength()} bytes, not to be modified. */
    public byte[] bodyArray() {
        return body;
    }

    public int bodyLength() {
        return bodyLength;
    }
}
