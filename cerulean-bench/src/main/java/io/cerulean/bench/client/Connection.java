package io.cerulean.bench.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpResponse;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One keep-alive HTTP/1.1 connection with at most one request in flight (no pipelining: that is
 * how the SDKs use a connection). It opens on first use and again after the server closes it.
 * Every method may be called from any thread; state is touched on the connection's event loop only.
 */
public final class Connection {
    private final Transport transport;
    private final Endpoint endpoint;
    private final EventLoop loop;
    // Event loop only. A channel's events count only while it is the current one, so that a late
    // close of a replaced channel cannot fail the request of its successor.
    private Channel channel;
    private ResponseListener pending;

    Connection(Transport transport, Endpoint endpoint, EventLoop loop) {
        this.transport = transport;
        this.endpoint = endpoint;
        this.loop = loop;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public EventLoop eventLoop() {
        return loop;
    }

    /** Sends the request (taking ownership of it); the listener hears the outcome on the event loop. */
    public void send(Request request, ResponseListener listener) {
        if (!loop.inEventLoop()) {
            loop.execute(() -> send(request, listener));
            return;
        }
        if (pending != null) {
            request.release();
            listener.onFailure(new IllegalStateException("a request is already in flight on this connection"));
            return;
        }
        pending = listener;
        if (channel != null && channel.isActive()) {
            write(channel, request);
            return;
        }
        channel = null;
        transport.bootstrap(loop, new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                transport.installCodecs(ch, endpoint);
                ch.pipeline().addLast(new Inbound());
            }
        }).connect(endpoint.host(), endpoint.port()).addListener((ChannelFuture f) -> {
            if (f.isSuccess()) {
                channel = f.channel();
                write(channel, request);
            } else {
                request.release();
                fail(f.cause());
            }
        });
    }

    /** Blocking form for the few requests outside the timed loops; never call it on an event loop. */
    public Response call(Request request, long timeoutSeconds) throws IOException {
        CompletableFuture<Response> result = new CompletableFuture<>();
        send(request, new ResponseListener() {
            @Override
            public void onResponse(FullHttpResponse response) {
                result.complete(Response.copyOf(response));
            }

            @Override
            public void onFailure(Throwable cause) {
                result.completeExceptionally(cause);
            }
        });
        try {
            return result.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause);
        } catch (TimeoutException e) {
            abort();
            throw new IOException("no response within " + timeoutSeconds + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** Closes the socket; a request in flight fails. The connection reopens on the next send. */
    public void abort() {
        loop.execute(() -> {
            if (channel != null) {
                channel.close();
            }
        });
    }

    /** Head and body in one flush: one system call, one TCP segment for small requests. */
    private void write(Channel ch, Request request) {
        BodySink sink = ch.pipeline().get(BodySink.class);
        if (sink != null) {
            sink.expect(request.discardBody());
        }
        ch.write(request.head(), ch.voidPromise());
        ch.writeAndFlush(request.body()).addListener((ChannelFuture f) -> {
            if (!f.isSuccess()) {
                if (f.channel() == channel) {
                    channel = null;
                    fail(f.cause());
                }
                f.channel().close();
            }
        });
    }

    private void fail(Throwable cause) {
        ResponseListener listener = pending;
        pending = null;
        if (listener != null) {
            listener.onFailure(cause);
        }
    }

    private final class Inbound extends SimpleChannelInboundHandler<FullHttpResponse> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
            ResponseListener listener = pending;
            if (ctx.channel() != channel || listener == null) {
                return;
            }
            pending = null;   // cleared first: the listener may send the next request from here
            listener.onResponse(response);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (ctx.channel() == channel) {
                channel = null;
                fail(new IOException("connection closed by " + endpoint.hostHeader()));
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (ctx.channel() == channel) {
                channel = null;
                fail(cause);
            }
            ctx.close();
        }
    }
}
