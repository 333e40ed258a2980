package io.cerulean.bench.run;

import io.netty.handler.codec.http.FullHttpResponse;
import java.nio.charset.StandardCharsets;

/** An operation got an answer it should not have: counted as an error, the first few are printed. */
public final class OpFailure extends Exception {
    private static final long serialVersionUID = 1L;

    public OpFailure(String message) {
        super(message, null, false, false);
    }

    /** "insert: HTTP 409 EntityAlreadyExists {...first bytes of the body}" */
    public static OpFailure status(String what, FullHttpResponse response) {
        String code = response.headers().get("x-ms-error-code");
        int shown = Math.min(200, response.content().readableBytes());
        String body = response.content().toString(response.content().readerIndex(), shown, StandardCharsets.UTF_8)
                .replace('\n', ' ').replace('\r', ' ');
        return new OpFailure(what + ": HTTP " + response.status().code() + (code == null ? "" : " " + code)
                + (body.isBlank() ? "" : " " + body));
    }
}
