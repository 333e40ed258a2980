package io.cerulean.server.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A response to send: status, headers in order, body bytes. Built by operations, sent by the server. */
public final class AzureResponse {
    private static final byte[] EMPTY = new byte[0];

    private final int status;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>(8);
    private byte[] body = EMPTY;

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
        return this;
    }

    public int status() {
        return status;
    }

    public List<Map.Entry<String, String>> headers() {
        return headers;
    }

    public byte[] body() {
        return body;
    }
}
