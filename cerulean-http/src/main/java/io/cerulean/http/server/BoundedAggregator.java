package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.netty.channel.ChannelHandlerContext;
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

    public BoundedAggregator(int maxBodyBytes) {
        super(maxBodyBytes);
    }

    /**
     * Answers 413 but closes only once the rest of the body has arrived (the aggregator discards
     * it) and the answer is written: closing with unread bytes makes the kernel reset the
     * connection, and the client would never see the answer.
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
        super.channelRead(ctx, msg);
        if (closeAfterDiscarding && last) {
            bodyEnded = true;
            closeIfDone(ctx);
        }
    }

    private void closeIfDone(ChannelHandlerContext ctx) {
        if (closeAfterDiscarding && bodyEnded && answerWritten) {
            ctx.close();
        }
    }
}
