package io.cerulean.http.server;

import io.cerulean.http.tls.ServerIdentity;
import io.cerulean.http.tls.ServerTlsContext;
import io.cerulean.http.tls.TlsDetector;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.channels.UnresolvedAddressException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A storage service over HTTP on Netty, whichever service its {@link RequestHandler} is. Event
 * loops parse HTTP and bound bodies, buffering them or, where the service says so, streaming them
 * with backpressure ({@link BodyStreamer}); operations run on worker threads, since storage and
 * durable commits block. Response bodies are sent whole or, where the service gives a
 * {@link io.cerulean.http.message.ResponseContent}, streamed from it as the client takes them. With
 * a TLS certificate configured, the same port serves HTTPS too: each connection is TLS or plain by
 * its first bytes ({@link TlsDetector}). {@link #close()} stops accepting, lets running requests
 * finish, and returns; it does not close the store. What one client may hold (idle and slow
 * connections, open connections, buffered body bytes) is bounded by the config's
 * {@link ConnectionLimits}.
 */
public final class HttpServer implements AutoCloseable {
    private static final int MAX_INITIAL_LINE = 32 * 1024;
    private static final int MAX_HEADER_BYTES = 64 * 1024;

    private final EventLoopGroup boss;
    private final EventLoopGroup io;
    private final ExecutorService workers;
    private final Channel channel;

    private HttpServer(EventLoopGroup boss, EventLoopGroup io, ExecutorService workers, Channel channel) {
        this.boss = boss;
        this.io = io;
        this.workers = workers;
        this.channel = channel;
    }

    /**
     * Binds and starts serving.
     *
     * @throws PortInUseException when the address is taken
     */
    public static HttpServer start(ServerConfig config, RequestHandler pipeline) {
        // Read and check the certificate before anything starts: a bad file is a configuration error.
        SslContext tls = config.tls() == null ? null : ServerTlsContext.of(ServerIdentity.load(config.tls()));
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup boss = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        EventLoopGroup io = epoll ? new EpollEventLoopGroup() : new NioEventLoopGroup();
        Class<? extends ServerSocketChannel> channelType =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        ExecutorService workers = workerPool(config.workerThreads());
        ConnectionLimits limits = config.limits();
        BodyBudget budget = new BodyBudget(limits.bufferedBodyBudget());
        HttpDecoderConfig decoding = new HttpDecoderConfig().setMaxInitialLineLength(MAX_INITIAL_LINE)
                .setMaxHeaderSize(MAX_HEADER_BYTES).setMaxChunkSize(64 * 1024)
                .setHeadersFactory(FramingHeaders.FACTORY);
        TlsDetector.HttpHandlers http = (ChannelPipeline channel, boolean secure) -> {
            ConnectionTimeouts timeouts = new ConnectionTimeouts(limits, pipeline);
            ChunkedWriteHandler transfer = new ChunkedWriteHandler(); // writes streamed response bodies
            channel.addLast(timeouts.bytesSeen())
                    .addLast(new HttpServerCodec(decoding))
                    .addLast(timeouts)
                    .addLast(new MessageFraming());
            if (pipeline.streamsBodies()) {
                channel.addLast(new BodyStreamer(pipeline, secure, workers));
            }
            channel.addLast(new BodyAdmission(pipeline.maxRequestBodyBytes(), budget))
                    .addLast(new BoundedAggregator(pipeline.maxRequestBodyBytes()))
                    .addLast(transfer)
                    .addLast(new HttpHandler(pipeline, workers, secure, transfer));
        };
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, io)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, 1024)
                // A port whose last connections still linger (TIME_WAIT) can be listened on again; a
                // port another process listens on is still refused.
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .handler(new ConnectionCap(limits.maxConnections()))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (tls == null) {
                            http.addTo(ch.pipeline(), false);
                        } else {
                            ch.pipeline().addLast(new TlsDetector(tls, http));
                            // Until its first bytes say TLS or plain, a connection has no timeouts of its own.
                            ch.eventLoop().schedule(() -> {
                                if (ch.pipeline().get(TlsDetector.class) != null) {
                                    ch.close();
                                }
                            }, limits.headerTimeout().toNanos(), TimeUnit.NANOSECONDS);
                        }
                    }
                });
        try {
            Channel channel = bootstrap.bind(new InetSocketAddress(config.host(), config.port())).syncUninterruptibly()
                    .channel();
            return new HttpServer(boss, io, workers, channel);
        } catch (Exception e) { // Netty rethrows the checked BindException undeclared
            boss.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            io.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownNow();
            if (String.valueOf(e.getMessage()).contains("Address already in use")) {
                throw new PortInUseException(config.host(), config.port(), e);
            }
            if (e instanceof BindException || e instanceof UnresolvedAddressException
                    || e.getCause() instanceof BindException || e instanceof java.io.IOException) {
                // Not a port someone else holds: an address this machine does not have or cannot resolve.
                throw new IllegalArgumentException("cannot listen on " + config.host() + ":" + config.port() + ": "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
            }
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
    }

    private static ExecutorService workerPool(int threads) {
        AtomicInteger counter = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "cerulean-worker-" + counter.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** The port actually bound (useful when started on port 0). */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    public String host() {
        return ((InetSocketAddress) channel.localAddress()).getHostString();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        workers.shutdown();
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        io.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
