package io.cerulean.http.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the connections open at once, so that clients cannot take all of the process's file
 * descriptors. Sits on the listening channel and sees each connection as it is accepted, in
 * order; beyond the cap, a connection is closed before it is registered, costing nothing more.
 */
@ChannelHandler.Sharable
final class ConnectionCap extends ChannelInboundHandlerAdapter {
    private final int max;
    private final AtomicInteger open = new AtomicInteger();

    ConnectionCap(int max) {
        this.max = max;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Channel connection = (Channel) msg;
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            connection.unsafe().closeForcibly();
            return;
        }
        connection.closeFuture().addListener(closed -> open.decrementAndGet());
        ctx.fireChannelRead(msg);
    }
}
