package io.cerulean.bench.client;

import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;

/** A response copied out of Netty's buffers, for the few requests the bench makes outside the timed loops. */
public record Response(int status, HttpHeaders headers, byte[] body) {
    public static Response copyOf(FullHttpResponse response) {
        return new Response(response.status().code(), response.headers().copy(),
                ByteBufUtil.getBytes(response.content()));
    }

    public String header(String name) {
        return headers.get(name);
    }

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The Azure error code, from {@code x-ms-error-code}, or "" when there is none. */
    public String errorCode() {
        String code = headers.get("x-ms-error-code");
        return code == null ? "" : code;
    }

    /** "HTTP 403 AuthenticationFailed" for messages. */
    public String describe() {
        return "HTTP " + status + (errorCode().isEmpty() ? "" : " " + errorCode());
    }
}
