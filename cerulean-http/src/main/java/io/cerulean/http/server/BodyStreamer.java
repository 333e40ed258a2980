package io.cerulean.http.server;

import io.cerulean.http.message.AzureRequest;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * Sits before the {@link BoundedAggregator} and takes out the requests whose bodies the service
 * streams ({@link RequestHandler#streamedBodyLimit}): each goes on at once as a
 * {@link StreamedRequest}, and its chunks go into its {@link StreamedBody} instead of being
 * buffered. Every other request passes through untouched to be buffered whole. One instance per
 * connection; HTTP/1.1 carries one request body at a time, so it tracks at most one.
 */
final class BodyStreamer extends ChannelInboundHandlerAdapter {
    private final RequestHandler pipeline;
    private final boolean secure;
    private final Duration idleTimeout;
    private StreamedBody current; // event loop only

    BodyStreamer(RequestHandler pipeline, boolean secure, Duration idleTimeout) {
        this.pipeline = pipeline;
        this.secure = secure;
        this.idleTimeout = idleTimeout;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest head && head.decoderResult().isSuccess() && current == null) {
            AzureRequest request = RequestHeads.of(head, new byte[0], secure, ctx);
            OptionalLong limit = pipeline.streamedBodyLimit(request);
            if (limit.isPresent()) {
                startStreaming(ctx, head, request, limit.getAsLong());
                if (msg instanceof HttpContent content) { // a FullHttpRequest: head and body at once
                    offer(ctx, content);
                }
                return;
            }
        }
        if (msg instanceof HttpContent content && current != null) {
            offer(ctx, content);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    private void startStreaming(ChannelHandlerContext ctx, HttpRequest head, AzureRequest request, long limit) {
        StreamedBody body = new StreamedBody(ctx.channel(), limit, idleTimeout);
        if (HttpUtil.getContentLength(head, -1L) > limit) {
            body.refuseDeclaredLength();
        }
        current = body;
        ctx.fireChannelRead(new StreamedRequest(request.withStreamedBody(body), body, HttpUtil.isKeepAlive(head)));
    }

    private void offer(ChannelHandlerContext ctx, HttpContent content) {
        StreamedBody body = current;
        if (content.decoderResult().isFailure()) {
            // Where this body ends, and so where the next request starts, is unknown now.
            content.release();
            body.fail("the request body is not well-formed HTTP");
            current = null;
            ctx.close();
            return;
        }
        body.offer(content.content());
        if (content instanceof LastHttpContent) {
            body.end();
            current = null;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        failCurrent("the client closed the connection before the request body ended");
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        failCurrent("the connection closed before the request body ended");
    }

    private void failCurrent(String why) {
        if (current != null) {
            current.fail(why);
            current = null;
        }
    }
}
