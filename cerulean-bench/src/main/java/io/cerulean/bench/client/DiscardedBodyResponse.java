package io.cerulean.bench.client;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/**
 * The answer to a {@link Request#discardBody() body-discarding} request: status and headers as
 * sent, no content, and how many body bytes arrived and were dropped.
 */
public final class DiscardedBodyResponse extends DefaultFullHttpResponse {
    private final long bodyBytes;

    DiscardedBodyResponse(HttpVersion version, HttpResponseStatus status, HttpHeaders headers,
                          HttpHeaders trailers, long bodyBytes) {
        super(version, status, Unpooled.EMPTY_BUFFER, headers, trailers);
        this.bodyBytes = bodyBytes;
    }

    /** The body bytes received and dropped. */
    public long bodyBytes() {
        return bodyBytes;
    }
}
