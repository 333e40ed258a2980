package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.ResponseContent;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each request to a worker thread (operations may block on storage), complete or, if the
 * service streams its body, as soon as its head is read, and writes the responses back on the
 * connection in request order, keeping it alive if asked. A write's answer
 * comes back from whichever thread learns it is durable; no thread waits for the disk meanwhile.
 * Every request read gets an answer in its place: one refused earlier in the channel comes as an
 * {@link EarlyAnswer}, and a response that cannot be turned into HTTP becomes a 500 after which
 * the connection closes, never a gap that the next answer would fill. One instance per connection.
 * An {@linkplain AzureResponse#noAnswer() answer that is none} closes the connection in its place.
 *
 * <p>A body streamed from a {@link ResponseContent} goes out after its head through the
 * {@link ChunkedWriteHandler} before this handler, read ahead a chunk at a time on the worker
 * threads ({@link ContentChunks}); later answers wait behind it in that handler's queue, so they
 * keep their order. The worker threads read it because a body's source blocks on the same store the
 * operations do, which the pool is sized for; a chunk is one task, so a long download holds no
 * thread between chunks and other requests run in between.
 */
public final class HttpHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(HttpHandler.class);

    private final RequestHandler pipeline;
    private final Executor workers;
    private final boolean secure;
    private final ChunkedWriteHandler transfer;
    // Event loop only:
    private final ArrayDeque<PendingResponse> inFlight = new ArrayDeque<>();
    private BodyBudget.Reservation admitted; // for the next request read
    private BodyStreamer.RoutedHead routedHead; // what the next request's head was found to ask, if known
    private boolean closing; // an answer that ends the connection is queued: read nothing more

    /**
     * @param pipeline runs each request; those it says are short and bounded enough run where they
     *                 were read (a point read), sparing two thread hand-offs, and the rest on {@code workers}
     * @param transfer the handler just before this one, which writes streamed bodies
     */
    public HttpHandler(RequestHandler pipeline, Executor workers, boolean secure, ChunkedWriteHandler transfer) {
        this.pipeline = pipeline;
        this.workers = workers;
        this.secure = secure;
        this.transfer = transfer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof BodyAdmission.Admitted a) {
            admitted = a.reservation();
            return;
        }
        if (msg instanceof BodyStreamer.RoutedHead r) {
            routedHead = r;
            return;
        }
        BodyBudget.Reservation reservation = admitted;
        admitted = null;
        BodyStreamer.RoutedHead routed = routedHead;
        routedHead = null;
        if (closing) {
            ReferenceCountUtil.release(msg);
            if (reservation != null) {
                reservation.release();
            }
            return;
        }
        if (msg instanceof FullHttpRequest request) {
            try {
                read(ctx, request, reservation, routed);
            } finally {
                request.release();
            }
        } else if (msg instanceof StreamedRequest streamed) {
            read(ctx, streamed);
        } else if (msg instanceof EarlyAnswer early) {
            PendingResponse pending = queue(early.keepAlive(), reservation, isHead(early.head()));
            pending.afterWrite = early.written();
            pending.complete(ctx, earlyAnswer(pipeline, early.error(), early.head(), secure, ctx), early.keepAlive());
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    private PendingResponse queue(boolean keepAlive, BodyBudget.Reservation reservation, boolean head) {
        PendingResponse pending = new PendingResponse(keepAlive, reservation, head);
        inFlight.add(pending);
        closing = !keepAlive;
        return pending;
    }

    private void read(ChannelHandlerContext ctx, FullHttpRequest request, BodyBudget.Reservation reservation,
                      BodyStreamer.RoutedHead routed) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (request.decoderResult().isFailure()) {
            // Where this request ends, and so where the next starts, is unknown: the connection ends.
            queue(false, reservation, false).complete(ctx,
                    earlyAnswer(pipeline, malformed(request.decoderResult().cause()), request, secure, ctx), false);
            return;
        }
        PendingResponse pending = queue(keepAlive, reservation, isHead(request));
        AzureRequest azureRequest;
        try {
            AzureRequest read = RequestHeads.of(request, body(request), secure, ctx);
            azureRequest = routed != null ? read.withRouting(routed.routing()) : pipeline.routed(read);
        } catch (ServiceException e) { // a malformed URL or body; the framing was fine, the connection goes on
            pending.complete(ctx, earlyAnswer(pipeline, e, request, secure, ctx), keepAlive);
            return;
        } catch (OutOfMemoryError e) {
            // No room for this body's copy beside the others': ServerBusy, which clients retry, not silence.
            log.warn("no heap left to buffer a request body of {} bytes; answering 503", request.content().readableBytes());
            pending.complete(ctx, earlyAnswer(pipeline, new ServiceException(CommonError.SERVER_BUSY), request, secure,
                    ctx), keepAlive);
            return;
        }
        Consumer<AzureResponse> reply = replyTo(ctx, pending, keepAlive);
        if (pipeline.runsOnEventLoop(azureRequest)) {
            pipeline.handle(azureRequest, reply);
            return;
        }
        runOnWorker(ctx, pending, () -> pipeline.handle(azureRequest, reply), () -> { });
    }

    private static byte[] body(FullHttpRequest request) {
        byte[] body = new byte[request.content().readableBytes()];
        request.content().readBytes(body);
        if (body.length > 0) {
            TextBodies.check(request.headers().get(HttpHeaderNames.CONTENT_TYPE), body);
        }
        return body;
    }

    /**
     * A streamed body is read on a worker thread, never on the event loop that fills it. Once the
     * request is answered, the rest of its body is read and dropped, so the connection stays usable.
     */
    private void read(ChannelHandlerContext ctx, StreamedRequest streamed) {
        PendingResponse pending = queue(streamed.keepAlive(), null, streamed.request().method().equals("HEAD"));
        Consumer<AzureResponse> reply = replyTo(ctx, pending, streamed.keepAlive());
        runOnWorker(ctx, pending, () -> pipeline.handle(streamed.request(), response -> {
            streamed.body().abandon();
            reply.accept(response);
        }), streamed.body()::abandon);
    }

    private static boolean isHead(HttpRequest request) {
        return request != null && HttpMethod.HEAD.equals(request.method());
    }

    /** The answer to a request refused before the service saw it, with the CORS headers its head calls for. */
    static AzureResponse earlyAnswer(RequestHandler pipeline, ServiceException error, HttpRequest head, boolean secure,
                                     ChannelHandlerContext ctx) {
        return pipeline.earlyError(error, head == null ? null : RequestHeads.headOnly(head, secure, ctx));
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
            if (next.reservation != null) {
                next.reservation.release();
            }
            boolean keepAlive = write(ctx, next.response, next.keepAlive, next.afterWrite, next.head);
            if (!keepAlive) {
                releaseAll();
                closing = true;
                return;
            }
        }
    }

    /** A request's place in its connection's queue of answers. */
    private final class PendingResponse {
        private final BodyBudget.Reservation reservation;
        private final boolean head; // the request was a HEAD: its answer has no body
        private boolean keepAlive;
        private AzureResponse response;
        private Runnable afterWrite;
        private boolean dropped; // the connection ended first: the answer will never be sent

        PendingResponse(boolean keepAlive, BodyBudget.Reservation reservation, boolean head) {
            this.keepAlive = keepAlive;
            this.reservation = reservation;
            this.head = head;
        }

        void complete(ChannelHandlerContext ctx, AzureResponse response, boolean keepAlive) {
            this.response = response;
            this.keepAlive = keepAlive;
            if (dropped) {
                discardContent(response);
                return;
            }
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

    /**
     * Writes one answer. If it cannot be turned into HTTP, a 500 goes in its place, logged with its
     * request id, and the connection closes after it; so does a write that fails, since what reached
     * the client is unknown.
     *
     * @param afterWrite for an answer that ends the connection: run once it is written, instead of closing
     * @param head       whether the request was a HEAD: a streamed body is then closed unread
     * @return whether the connection goes on
     */
    private boolean write(ChannelHandlerContext ctx, AzureResponse response, boolean keepAlive, Runnable afterWrite,
                          boolean head) {
        if (response.isNoAnswer()) {
            // Closed without a word, after what was written before it (an empty write keeps the order).
            ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return false;
        }
        boolean streamed = response.content() != null && !head;
        HttpResponse http;
        try {
            http = streamed ? HttpResponses.streamedHead(response, keepAlive)
                    : HttpResponses.full(response, keepAlive, head);
        } catch (RuntimeException e) {
            log.error("the response to request {} could not be written as HTTP; answering 500 and closing",
                    requestId(response), e);
            keepAlive = false;
            afterWrite = null;
            streamed = false;
            http = HttpResponses.full(pipeline.earlyError(new ServiceException(CommonError.INTERNAL_ERROR)), false);
        }
        if (streamed) {
            writeStreamed(ctx, http, response, keepAlive, afterWrite);
            return keepAlive;
        }
        discardContent(response); // a HEAD's, or one that could not be sent
        if (keepAlive && afterWrite == null) {
            // The usual case, kept free of a listener: a write that fails reaches exceptionCaught, which closes.
            ctx.writeAndFlush(http, ctx.voidPromise());
            return true;
        }
        boolean goesOn = keepAlive;
        Runnable then = afterWrite;
        AzureResponse written = response;
        ctx.writeAndFlush(http).addListener((ChannelFutureListener) future -> {
            if (!future.isSuccess()) {
                if (future.channel().isActive()) {
                    log.error("the response to request {} could not be written; closing the connection",
                            requestId(written), future.cause());
                }
                future.channel().close();
            } else if (!goesOn) {
                closeOrThen(future.channel(), then);
            }
        });
        return keepAlive;
    }

    /**
     * Writes the head, then the body as the client takes it. Once the head is out, a body that cannot
     * be sent whole (its source failed or ended early, the client left) can only end the connection:
     * the client then sees fewer bytes than the Content-Length said, never a short answer followed by
     * another.
     */
    private void writeStreamed(ChannelHandlerContext ctx, HttpResponse head, AzureResponse response, boolean keepAlive,
                               Runnable afterWrite) {
        ContentChunks body = new ContentChunks(response.content(), ctx.channel(), workers, transfer).start();
        ctx.write(head, ctx.voidPromise());
        ctx.writeAndFlush(body).addListener((ChannelFutureListener) future -> {
            if (!future.isSuccess()) {
                RuntimeException failure = body.failure();
                if (failure != null) {
                    log.error("the body of the response to request {} failed after {} of its {} bytes were sent; "
                            + "closing the connection", requestId(response), body.progress(), body.length(), failure);
                } else {
                    log.debug("the client of request {} left after {} of its {} body bytes: {}", requestId(response),
                            body.progress(), body.length(), String.valueOf(future.cause()));
                }
                future.channel().close();
            } else if (!keepAlive) {
                closeOrThen(future.channel(), afterWrite);
            }
        });
    }

    private static void closeOrThen(Channel channel, Runnable then) {
        if (then == null) {
            channel.close();
        } else {
            then.run();
        }
    }

    private void discardContent(AzureResponse response) {
        if (response.content() != null) {
            ContentChunks.discard(response.content(), workers);
        }
    }

    private static String requestId(AzureResponse response) {
        for (Map.Entry<String, String> header : response.headers()) {
            if (header.getKey().equalsIgnoreCase("x-ms-request-id")) {
                return header.getValue();
            }
        }
        return "(none)";
    }

    private void releaseAll() {
        for (PendingResponse pending : inFlight) {
            if (pending.reservation != null) {
                pending.reservation.release();
            }
            pending.dropped = true;
            if (pending.response != null) {
                discardContent(pending.response);
            }
        }
        inFlight.clear();
        if (admitted != null) {
            admitted.release();
            admitted = null;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        releaseAll();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // Also where a keep-alive answer's failed write arrives (it is written with the void promise).
        log.debug("closing a connection after {}", cause.toString());
        ctx.close();
    }
}
