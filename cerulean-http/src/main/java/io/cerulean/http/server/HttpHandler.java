package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Hands each complete request to a worker thread (operations may block on storage) and writes the
 * responses back on the connection in request order, keeping it alive if asked. A write's answer
 * comes back from whichever thread learns it is durable; no thread waits for the disk meanwhile.
 * One instance per connection.
 */
public final class HttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
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
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        PendingResponse pending = new PendingResponse(keepAlive);
        inFlight.add(pending);
        if (request.decoderResult().isFailure()) {
            pending.complete(ctx, pipeline.earlyError(malformed(request.decoderResult().cause())), false);
            return;
        }
        String uri = request.uri();
        int question = uri.indexOf('?');
        String rawPath = question < 0 ? uri : uri.substring(0, question);
        if (rawPath.startsWith("http://") || rawPath.startsWith("https://")) {
            int slash = rawPath.indexOf('/', rawPath.indexOf("//") + 2);
            rawPath = slash < 0 ? "/" : rawPath.substring(slash);
        }
        byte[] body = new byte[request.content().readableBytes()];
        request.content().readBytes(body);
        // ';' is data in a query (RFC 3986), e.g. $format=application/json;odata=nometadata.
        var query = new QueryStringDecoder(uri, StandardCharsets.UTF_8, true, 1024, true).parameters();
        // The headers are plain heap objects, not pooled: they stay valid after the request is released.
        AzureRequest azureRequest = new AzureRequest(request.method().name(), rawPath, query,
                request.headers(), body, secure, clientAddress(ctx));
        Consumer<AzureResponse> reply = response -> {
            if (ctx.executor().inEventLoop()) {
                pending.complete(ctx, response, keepAlive);
            } else {
                ctx.executor().execute(() -> pending.complete(ctx, response, keepAlive));
            }
        };
        if (pipeline.runsOnEventLoop(azureRequest)) {
            pipeline.handle(azureRequest, reply);
            return;
        }
        try {
            workers.execute(() -> pipeline.handle(azureRequest, reply));
        } catch (RejectedExecutionException e) {
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

    private static String clientAddress(ChannelHandlerContext ctx) {
        return ctx.channel().remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                ? address.getAddress().getHostAddress() : "";
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
