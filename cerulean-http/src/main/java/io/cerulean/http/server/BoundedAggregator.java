package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Buffers request bodies up to the service's limit (4 MiB for the Table service). A declared
 * length over it was refused before ({@link BodyAdmission}); a body of undeclared length (chunked)
 * that outgrows it is answered 413 RequestBodyTooLarge in the Azure form, in its place among the
 * connection's answers.
 */
public final class BoundedAggregator extends HttpObjectAggregator {
    // Event loop only:
    private boolean closeAfterDiscarding;
    private boolean bodyEnded;
    private boolean answerWritten;
    private long discarded;

    public BoundedAggregator(int maxBodyBytes) {
        super(maxBodyBytes);
    }

    /**
     * Answers 413 but closes only once the rest of the body has arrived (the aggregator discards
     * it) and the answer is written: closing with unread bytes makes the kernel reset the
     * connection, and the client would never see the answer. A body that goes on past the limit
     * again is not waited for: the connection closes then.
     */
    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        closeAfterDiscarding = true;
        bodyEnded = false; // channelRead learns when it ends (an aggregated message is a LastHttpContent already)
        ctx.fireChannelRead(new EarlyAnswer(new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE),
                oversized instanceof HttpRequest head ? head : null, false, () -> {
                    answerWritten = true;
                    closeIfDone(ctx);
                }));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        boolean last = msg instanceof LastHttpContent;
        if (closeAfterDiscarding && msg instanceof HttpContent content) {
            discarded += content.content().readableBytes();
        }
        super.channelRead(ctx, msg);
        if (closeAfterDiscarding) {
            bodyEnded |= last;
            closeIfDone(ctx);
        }
    }

    private void closeIfDone(ChannelHandlerContext ctx) {
        // Past the limit again, the client is sending far more than was ever allowed: no more waiting.
        if (closeAfterDiscarding && answerWritten && (bodyEnded || discarded > maxContentLength())) {
            ctx.close();
        }
    }
}
