package io.cerulean.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import java.util.function.Supplier;

/**
 * Buffers request bodies up to the service's 4 MiB limit and answers a larger one, as soon as its
 * Content-Length (or the bytes so far) show it, with 413 RequestBodyTooLarge in the Azure form.
 */
public final class BoundedAggregator extends HttpObjectAggregator {
    private final Supplier<AzureResponse> tooLarge;

    public BoundedAggregator(int maxBodyBytes, Supplier<AzureResponse> tooLarge) {
        super(maxBodyBytes);
        this.tooLarge = tooLarge;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        HttpHandler.write(ctx, tooLarge.get(), false);
    }
}
