package io.cerulean.http.server;

import io.cerulean.http.message.AzureResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Map;

/**
 * An {@link AzureResponse} as Netty's HTTP objects: whole, with its bytes wrapped rather than
 * copied, or the head of a body streamed after it. Every header value is made safe for the wire
 * ({@link HeaderValues}), and the Content-Length is the answer's, never a client's.
 */
final class HttpResponses {
    private HttpResponses() {
    }

    /** The response, not to a HEAD, as HTTP. */
    static FullHttpResponse full(AzureResponse response, boolean keepAlive) {
        return full(response, keepAlive, false);
    }

    /**
     * The response with its body held whole. To a HEAD, and in a 304, the Content-Length may state a
     * body that is not sent (the codec knows to expect none); to anything else, a stated length
     * without its bytes would leave the client waiting for them, so it is refused.
     *
     * @throws IllegalStateException for a declared length or a streamed body answering anything else
     */
    static FullHttpResponse full(AzureResponse response, boolean keepAlive, boolean head) {
        ByteBuf content = response.bodyLength() == 0 ? Unpooled.EMPTY_BUFFER
                : Unpooled.wrappedBuffer(response.bodyArray(), 0, response.bodyLength());
        long length = content.readableBytes();
        if (response.content() != null || response.declaredLength() >= 0) {
            if (!head && response.status() != HttpResponseStatus.NOT_MODIFIED.code()) {
                throw new IllegalStateException("a length without its body is only for a HEAD or a 304, not a "
                        + response.status());
            }
            length = response.contentLength();
        }
        FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(response.status()), content);
        headers(response, keepAlive, length, http);
        return http;
    }

    /** The head of a response whose body is streamed after it. */
    static HttpResponse streamedHead(AzureResponse response, boolean keepAlive) {
        HttpResponse http = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status()));
        headers(response, keepAlive, response.content().length(), http);
        return http;
    }

    private static void headers(AzureResponse response, boolean keepAlive, long contentLength, HttpResponse http) {
        for (Map.Entry<String, String> header : response.headers()) {
            http.headers().add(header.getKey(), HeaderValues.escape(header.getValue()));
        }
        if (contentLength <= Integer.MAX_VALUE) {
            http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, (int) contentLength);
        } else {
            http.headers().set(HttpHeaderNames.CONTENT_LENGTH, contentLength);
        }
        http.headers().set(HttpHeaderNames.CONNECTION, keepAlive ? "keep-alive" : "close");
    }
}
