package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Sits before the {@link BoundedAggregator} and takes out the requests whose bodies the service
 * streams ({@link RequestHandler#streamedBodyLimit}): each goes on at once as a
 * {@link StreamedRequest}, and its chunks go into its {@link StreamedBody} instead of being
 * buffered. Every other request passes through untouched to be buffered whole. One instance per
 * connection; HTTP/1.1 carries one request body at a time, so it tracks at most one.
 *
 * <p>A body declared longer than the service takes is answered 413 RequestBodyTooLarge at once,
 * before the service sees it and without a {@code 100 Continue}, and the connection ends: the answer
 * is written, the server's side of the connection shut, and what the client goes on sending is read
 * and dropped for up to {@link #LINGER_MILLIS}, so that a client still sending reads the answer
 * rather than a reset.
 */
final class BodyStreamer extends ChannelInboundHandlerAdapter {
    static final long LINGER_MILLIS = 2_000;

    private final RequestHandler pipeline;
    private final boolean secure;
    private final Executor workers;
    // Event loop only:
    private StreamedBody current;
    private boolean refusing; // a body declared too long: dropped, until the connection closes

    BodyStreamer(RequestHandler pipeline, boolean secure, Executor workers) {
        this.pipeline = pipeline;
        this.secure = secure;
        this.workers = workers;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refusing) {
            ReferenceCountUtil.release(msg);
            return;
        }
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
            if (request != null) {
                // Buffered: what the head was found to ask goes on with it, not to be worked out again.
                ctx.fireChannelRead(new RoutedHead(request.routing()));
            }
        }
        if (msg instanceof HttpContent content && current != null) {
            offer(ctx, content);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    /** Passed on just before a buffered request's head: what the handler made of it ({@link RequestHandler#routed}). */
    record RoutedHead(Object routing) {
    }

    /** The head as a routed request, or null if its URL is malformed: then it goes on to be answered 400. */
    private AzureRequest headOf(HttpRequest head, ChannelHandlerContext ctx) {
        try {
            return pipeline.routed(RequestHeads.of(head, new byte[0], secure, ctx));
        } catch (ServiceException e) {
            return null;
        }
    }

    private void startStreaming(ChannelHandlerContext ctx, HttpRequest head, AzureRequest request, long limit) {
        if (HttpUtil.getContentLength(head, -1L) > limit) {
            refuse(ctx, head);
            return;
        }
        StreamedBody body = new StreamedBody(ctx.channel(), limit, workers);
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

    private void refuse(ChannelHandlerContext ctx, HttpRequest head) {
        refusing = true;
        boolean sent = !HttpUtil.is100ContinueExpected(head); // else the client waits, and has sent nothing
        if (head instanceof HttpContent content) {
            content.release();
        }
        ServiceException tooLarge = new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE);
        ctx.fireChannelRead(new EarlyAnswer(tooLarge, head, false, sent ? () -> linger(ctx) : null));
    }

    /** The answer is out: shut the sending side, drop what still arrives for a while, then close. */
    private static void linger(ChannelHandlerContext ctx) {
        if (ctx.channel() instanceof DuplexChannel duplex && ctx.pipeline().get(SslHandler.class) == null) {
            duplex.shutdownOutput();
            ctx.executor().schedule(() -> ctx.close(), LINGER_MILLIS, TimeUnit.MILLISECONDS);
        } else {
            ctx.close();
        }
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
