package io.cerulean.bench.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;

/**
 * The client's event loops and how a connection to an endpoint is made: epoll when the platform
 * has it, TLS for https. Few I/O threads on purpose: the server under test usually shares the
 * machine, and one thread drives many keep-alive connections when no request blocks it.
 */
public final class Transport implements AutoCloseable {
    // Large enough for a 1,000-entity page of big entities; a larger answer is an error worth seeing.
    private static final int MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

    private final EventLoopGroup group;
    private final boolean epoll;
    private final SslContext ssl;

    /** @param tls whether any endpoint is https */
    public Transport(boolean tls, int ioThreads) {
        this.epoll = Epoll.isAvailable();
        DefaultThreadFactory threads = new DefaultThreadFactory("bench-io", true);
        this.group = epoll ? new EpollEventLoopGroup(ioThreads, threads) : new NioEventLoopGroup(ioThreads, threads);
        try {
            this.ssl = tls ? SslContextBuilder.forClient().build() : null;
        } catch (SSLException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    /** A new connection to {@code endpoint}, not yet open: it connects on first use, pinned to the next event loop. */
    public Connection connection(Endpoint endpoint) {
        if (endpoint.secure() && ssl == null) {
            throw new IllegalArgumentException("this transport was set up without TLS: " + endpoint);
        }
        return new Connection(this, endpoint, group.next());
    }

    public String kind() {
        return epoll ? "epoll" : "nio";
    }

    Bootstrap bootstrap(EventLoop loop, ChannelInitializer<Channel> handlerInstaller) {
        return new Bootstrap().group(loop)
                .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000)
                .handler(handlerInstaller);
    }

    void installCodecs(Channel channel, Endpoint endpoint) {
        ChannelPipeline pipeline = channel.pipeline();
        if (endpoint.secure()) {
            pipeline.addLast(ssl.newHandler(channel.alloc(), endpoint.host(), endpoint.port()));
        }
        // Requests leave as bytes (RequestHead); only responses need a codec. No header validation:
        // the bench reads three response headers and trusts the server's framing.
        pipeline.addLast(new HttpResponseDecoder(4096, 16 * 1024, 16 * 1024, false));
        pipeline.addLast(new BodySink());   // downloads the bench reads and drops (Get Blob in B4)
        pipeline.addLast(new HttpObjectAggregator(MAX_RESPONSE_BYTES));
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
