package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a client from holding a connection, and so a file descriptor, without using it:
 * <ul>
 *   <li>idle: with no request in progress and none unanswered, the connection is closed after
 *       {@link ConnectionLimits#idleTimeout()};</li>
 *   <li>head: a request's head must be complete within {@link ConnectionLimits#headerTimeout()}
 *       of its first bytes;</li>
 *   <li>body: at most {@link ConnectionLimits#bodyTimeout()} between two pieces of a body;</li>
 *   <li>response body: a client that takes none of a streamed body for the same time, while the
 *       server has more to send (the connection is not writable), has stopped reading, and the
 *       connection is closed. One that reads slowly but steadily is never cut off, however long
 *       the body; nor is one waiting on the server's own reads.</li>
 * </ul>
 * A request cut off by the head or body timeout is answered 408 RequestTimeout, if no earlier
 * answer is still owed on the connection (it would be out of order), and the connection closed.
 * A request that takes long to run is not cut off: a service's operations are bounded by their
 * own deadlines. One timer per connection, re-armed when it fires, so a request costs a few field
 * writes and no scheduling; it fires at least once per shortest timeout, so a state that began
 * while it was set for a longer one is still caught in time. Sits after the HTTP codec;
 * {@link #bytesSeen()} sits before it.
 */
final class ConnectionTimeouts extends ChannelDuplexHandler {
    private enum State { IDLE, HEAD, BODY }

    private final long idleNanos;
    private final long headerNanos;
    private final long bodyNanos;
    private final long shortestNanos;
    private final RequestHandler pipeline;
    // Event loop only:
    private State state = State.IDLE;
    private long since = System.nanoTime(); // when the current state's clock started
    private long unanswered; // a streamed answer counts until its last bytes reach the socket
    private int openBodies; // streamed answers whose head is written and whose last piece is not
    private int sending; // the same, until their last piece has reached the socket
    private long sendProgress; // when a piece of a streamed body was last written
    private HttpRequest current;
    private ScheduledFuture<?> timer;

    ConnectionTimeouts(ConnectionLimits limits, RequestHandler pipeline) {
        this.idleNanos = limits.idleTimeout().toNanos();
        this.headerNanos = limits.headerTimeout().toNanos();
        this.bodyNanos = limits.bodyTimeout().toNanos();
        this.shortestNanos = Math.min(idleNanos, Math.min(headerNanos, bodyNanos));
        this.pipeline = pipeline;
    }

    /** The handler before the codec that starts the head's clock at a request's first bytes. */
    ChannelInboundHandlerAdapter bytesSeen() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof ByteBuf bytes && bytes.isReadable() && state == State.IDLE) {
                    state = State.HEAD;
                    since = System.nanoTime();
                }
                ctx.fireChannelRead(msg);
            }
        };
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            arm(ctx, shortestNanos);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        since = System.nanoTime();
        arm(ctx, shortestNanos);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest head) {
            unanswered++;
            current = head;
            state = State.BODY;
            since = System.nanoTime();
        }
        if (msg instanceof HttpContent) {
            since = System.nanoTime();
            if (msg instanceof LastHttpContent) {
                state = State.IDLE;
                current = null;
            }
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response && response.status().code() >= 200 && unanswered > 0) {
            if (msg instanceof LastHttpContent) {
                answered();
            } else {
                openBodies++;
                sending++;
                sendProgress = System.nanoTime();
                // The timer may be set for the idle timeout, later than a stalled client should be found.
                cancel();
                arm(ctx, bodyNanos);
            }
        } else if (openBodies > 0 && msg instanceof HttpContent) {
            // Written only once the client took enough of the last piece for the channel to be writable.
            sendProgress = System.nanoTime();
            if (msg instanceof LastHttpContent) {
                openBodies--;
                if (promise.isVoid()) {
                    sent();
                } else {
                    // Answered once the last bytes reach the socket: closed as idle before, they would be lost.
                    promise.addListener(written -> sent());
                }
            }
        }
        ctx.write(msg, promise);
    }

    private void sent() {
        sending--;
        answered();
    }

    private void answered() {
        unanswered--;
        if (state == State.IDLE) {
            since = System.nanoTime();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void arm(ChannelHandlerContext ctx, long delayNanos) {
        timer = ctx.executor().schedule(() -> check(ctx), Math.max(delayNanos, 1), TimeUnit.NANOSECONDS);
    }

    private void check(ChannelHandlerContext ctx) {
        timer = null;
        if (!ctx.channel().isActive()) {
            return;
        }
        long limit = switch (state) {
            case IDLE -> idleNanos;
            case HEAD -> headerNanos;
            case BODY -> bodyNanos;
        };
        long now = System.nanoTime();
        if (sending > 0 && !ctx.channel().isWritable() && now - sendProgress >= bodyNanos) {
            ctx.close(); // the client stopped taking the body: it can have no answer now but the end
            return;
        }
        long left = since + limit - now;
        // Not reading (a streamed body's reader is behind, so the server holds the client back) is
        // the server's own doing, not the client's.
        boolean held = state == State.BODY && !ctx.channel().config().isAutoRead();
        if (left > 0 || held || (state == State.IDLE && unanswered > 0)) {
            long next = Math.min(left > 0 ? left : idleNanos, shortestNanos);
            arm(ctx, sending > 0 ? Math.min(next, bodyNanos) : next);
            return;
        }
        long owedBefore = state == State.BODY ? unanswered - 1 : unanswered;
        if (state == State.IDLE || owedBefore > 0) {
            ctx.close();
            return;
        }
        ServiceException timedOut = new ServiceException(CommonError.REQUEST_TIMEOUT, state == State.HEAD
                ? "The request's headers did not arrive in time." : "The request's body did not arrive in time.");
        ctx.writeAndFlush(HttpResponses.full(HttpHandler.earlyAnswer(pipeline, timedOut, current, secure(ctx), ctx),
                false)).addListener(ChannelFutureListener.CLOSE);
        state = State.IDLE;
    }

    private static boolean secure(ChannelHandlerContext ctx) {
        return ctx.pipeline().get(io.netty.handler.ssl.SslHandler.class) != null;
    }
}
