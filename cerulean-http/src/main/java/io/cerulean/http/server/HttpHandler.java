package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Hands each request to a worker thread (operations may block on storage), complete or, if the
 * service streams its body, as soon as its head is read, and writes the responses back on the
 * connection in request order, keeping it alive if asked. A write's answer
 * comes back from whichever thread learns it is durable; no thread waits for the disk meanwhile.
 * One instance per connection.
 */
public final class HttpHandler extends ChannelInboundHandlerAdapter {
    private final RequestHandler pipeline;
    private final Executor workers;
    private final boolean secure;
    private final ArrayDeque<PendingResponse> inFlight = new ArrayDeque<>(); // event loop only

    /**
     * @param pipeline runs each request; those it says are short and bounded enough run where they
     *                 were read (a point read), sparing two thread hand-offs, and the rest on {@code workers}
     */
    public HttpHandler(RequestHandler pipeline, Executor workers, boolean secure) {
        this.pipeline = pipeline;
        this.workers = workers;
        this.secure = secure;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpRequest request) {
            try {
                read(ctx, request);
            } finally {
                request.release();
            }
        } else if (msg instanceof StreamedRequest streamed) {
            read(ctx, streamed);
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    private void read(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        PendingResponse pending = new PendingResponse(keepAlive);
        inFlight.add(pending);
        if (request.decoderResult().isFailure()) {
            pending.complete(ctx, pipeline.earlyError(malformed(request.decoderResult().cause())), false);
            return;
        }
        byte[] body = new byte[request.content().readableBytes()];
        request.content().readBytes(body);
        AzureRequest azureRequest = RequestHeads.of(request, body, secure, ctx);
        Consumer<AzureResponse> reply = replyTo(ctx, pending, keepAlive);
        if (pipeline.runsOnEventLoop(azureRequest)) {
            pipeline.handle(azureRequest, reply);
            return;
        }
        runOnWorker(ctx, pending, () -> pipeline.handle(azureRequest, reply), () -> { });
    }

    /**
     * A streamed body is read on a worker thread, never on the event loop that fills it. Once the
     * request is answered, the rest of its body is read and dropped, so the connection stays usable.
     */
    private void read(ChannelHandlerContext ctx, StreamedRequest streamed) {
        PendingResponse pending = new PendingResponse(streamed.keepAlive());
        inFlight.add(pending);
        Consumer<AzureResponse> reply = replyTo(ctx, pending, streamed.keepAlive());
        runOnWorker(ctx, pending, () -> pipeline.handle(streamed.request(), response -> {
            streamed.body().abandon();
            reply.accept(response);
        }), streamed.body()::abandon);
    }

    private static Consumer<AzureResponse> replyTo(ChannelHandlerContext ctx, PendingResponse pending,
                                                   boolean keepAlive) {
        return response -> {
            if (ctx.executor().inEventLoop()) {
                pending.complete(ctx, response, keepAlive);
            } else {
                ctx.executor().execute(() -> pending.complete(ctx, response, keepAlive));
            }
        };
    }

    private void runOnWorker(ChannelHandlerContext ctx, PendingResponse pending, Runnable work, Runnable refused) {
        try {
            workers.execute(work);
        } catch (RejectedExecutionException e) {
            refused.run();
            pending.complete(ctx, pipeline.earlyError(new ServiceException(CommonError.SERVER_BUSY)), false);
        }
    }

    /**
     * Writes the responses that are ready, in the order their requests arrived: requests run in
     * parallel, but HTTP/1.1 pipelining requires answers in request order. Event loop only.
     */
    private void flushReady(ChannelHandlerContext ctx) {
        while (!inFlight.isEmpty() && inFlight.peek().response != null) {
            PendingResponse next = inFlight.poll();
            write(ctx, next.response, next.keepAlive);
            if (!next.keepAlive) {
                inFlight.clear();
                return;
            }
        }
    }

    /** A request's place in its connection's queue of answers. */
    private final class PendingResponse {
        private boolean keepAlive;
        private AzureResponse response;

        PendingResponse(boolean keepAlive) {
            this.keepAlive = keepAlive;
        }

        void complete(ChannelHandlerContext ctx, AzureResponse response, boolean keepAlive) {
            this.response = response;
            this.keepAlive = keepAlive;
            flushReady(ctx);
        }
    }

    private static ServiceException malformed(Throwable cause) {
        if (cause instanceof TooLongHttpHeaderException) {
            return new ServiceException(CommonError.REQUEST_HEADERS_TOO_LARGE);
        }
        if (cause instanceof TooLongHttpLineException) {
            return new ServiceException(CommonError.INVALID_URI, "The request line (URL) is too long.");
        }
        return new ServiceException(CommonError.INVALID_INPUT, "The request is not well-formed HTTP.");
    }

    static void write(ChannelHandlerContext ctx, AzureResponse response, boolean keepAlive) {
        FullHttpResponse http = toHttp(response, keepAlive);
        if (keepAlive) {
            ctx.writeAndFlush(http);
        } else {
            ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Says the connection will close, but leaves closing it to the caller. */
    static void writeBeforeClosing(ChannelHandlerContext ctx, AzureResponse response) {
        ctx.writeAndFlush(toHttp(response, false));
    }

    private static FullHttpResponse toHttp(AzureResponse response, boolean keepAlive) {
        ByteBuf content = response.bodyLength() == 0 ? Unpooled.EMPTY_BUFFER
                : Unpooled.wrappedBuffer(response.bodyArray(), 0, response.bodyLength());
        FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(response.status()), content);
        for (Map.Entry<String, String> header : response.headers()) {
            http.headers().add(header.getKey(), header.getValue());
        }
        http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, content.readableBytes());
        http.headers().set(HttpHeaderNames.CONNECTION, keepAlive ? "keep-alive" : "close");
        return http;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
