package io.cerulean.http.server;

import io.cerulean.http.message.AzureResponse;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.function.Supplier;

/**
 * Buffers request bodies up to the service's limit (4 MiB for the Table service) and answers a
 * larger one, as soon as its Content-Length (or the bytes so far) show it, with 413
 * RequestBodyTooLarge in the Azure form.
 */
public final class BoundedAggregator extends HttpObjectAggregator {
    private final Supplier<AzureResponse> tooLarge;

    public BoundedAggregator(int maxBodyBytes, Supplier<AzureResponse> tooLarge) {
        super(maxBodyBytes);
        this.tooLarge = tooLarge;
    }

    private boolean closeAfterDiscarding;

    /**
     * Answers 413 at once but closes only after the rest of the body has arrived (the aggregator
     * discards it): closing with unread bytes makes the kernel reset the connection, and the
     * client would never see the answer.
     */
    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        HttpHandler.writeBeforeClosing(ctx, tooLarge.get());
        closeAfterDiscarding = !(oversized instanceof LastHttpContent);
        if (!closeAfterDiscarding) {
            ctx.close();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        boolean last = msg instanceof LastHttpContent;
        super.channelRead(ctx, msg);
        if (closeAfterDiscarding && last) {
            ctx.close();
        }
    }
}
