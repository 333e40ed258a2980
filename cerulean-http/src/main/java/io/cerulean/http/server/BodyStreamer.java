package io.cerulean.http.server;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
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
            AzureRequest request = headOf(head, ctx);
            OptionalLong limit = request == null ? OptionalLong.empty() : pipeline.streamedBodyLimit(request);
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

    /** The head as a request, or null if its URL is malformed: then it goes on to be answered 400. */
    private AzureRequest headOf(HttpRequest head, ChannelHandlerContext ctx) {
        try {
            return RequestHeads.of(head, new byte[0], secure, ctx);
        } catch (ServiceException e) {
            return null;
        }
    }

    private void startStreaming(ChannelHandlerContext ctx, HttpRequest head, AzureRequest request, long limit) {
        StreamedBody body = new StreamedBody(ctx.channel(), limit, idleTimeout);
        if (HttpUtil.getContentLength(head, -1L) > limit) {
            body.refuseDeclaredLength();
        }
        current = body;
        if (HttpUtil.is100ContinueExpected(head)) {
            // Streamed at any length the service allows, so the client is told to go on at once.
            head.headers().remove(HttpHeaderNames.EXPECT);
            // Written from the pipeline's end, so it waits behind a streamed answer still going out
            // rather than landing in the middle of its body.
            ctx.channel().writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
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
