package io.cerulean.bench.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Between the response decoder and the aggregator: for a request that asked for it, counts the
 * body of a 2xx response chunk by chunk and releases each chunk at once, then hands on a
 * {@link DiscardedBodyResponse}, which the aggregator passes through. A download of any size thus
 * holds no more than one read's worth of buffers. Other responses pass untouched. Event loop only;
 * one request in flight per connection, so the mode set before a request is sent is the mode of
 * its response.
 */
final class BodySink extends ChannelInboundHandlerAdapter {
    private boolean discardNext;
    private HttpResponse head;
    private long bytes;

    /** Sets how the next response is read. */
    void expect(boolean discard) {
        discardNext = discard;
        head = null;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (head == null && discardNext && msg instanceof HttpResponse response && !(msg instanceof FullHttpResponse)
                && response.decoderResult().isSuccess() && response.status().code() / 100 == 2) {
            discardNext = false;
            head = response;
            bytes = 0;
            return;
        }
        if (head != null && msg instanceof HttpContent content) {
            bytes += content.content().readableBytes();
            HttpHeaders trailers = msg instanceof LastHttpContent last ? last.trailingHeaders() : null;
            boolean failed = !content.decoderResult().isSuccess();
            if (failed) {
                // Let the aggregator see the decoder's failure, as it would without this handler.
                HttpResponse started = head;
                head = null;
                ctx.fireChannelRead(started);
                ctx.fireChannelRead(msg);
                return;
            }
            if (trailers != null) {
                trailers = new DefaultHttpHeaders().add(trailers);
            }
            content.release();
            if (trailers != null) {
                HttpResponse done = head;
                head = null;
                ctx.fireChannelRead(new DiscardedBodyResponse(done.protocolVersion(), done.status(), done.headers(),
                        trailers, bytes));
            }
            return;
        }
        if (msg instanceof HttpResponse) {
            discardNext = false;
        }
        ctx.fireChannelRead(msg);
    }
}
