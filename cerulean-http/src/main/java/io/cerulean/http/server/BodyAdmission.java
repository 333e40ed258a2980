package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Decides, from its head alone, whether a request's body may be buffered, before a byte of it is:
 * <ul>
 *   <li>a declared length over the service's limit is 413 RequestBodyTooLarge. A small excess (up
 *       to the limit again) is read and dropped before the connection closes, so that the client,
 *       still sending, sees the answer; a larger one, or one the client offered with
 *       {@code Expect: 100-continue} and so has not sent, closes the connection as soon as the
 *       answer is written;</li>
 *   <li>a body that does not fit the server's {@link BodyBudget} is 503 ServerBusy with
 *       Retry-After; its bytes are dropped as they arrive and the connection goes on;</li>
 *   <li>otherwise its bytes are reserved until it is answered (the {@link HttpHandler} gives them
 *       back), and a client waiting with {@code Expect: 100-continue} is told to go on.</li>
 * </ul>
 * A body of unknown length (chunked) is counted at the service's limit; past it, the aggregator
 * answers 413. Bodies the service streams never come here. One instance per connection.
 */
final class BodyAdmission extends ChannelInboundHandlerAdapter {
    /** Passed on just before the head it belongs to: the bytes reserved for that request's body. */
    record Admitted(BodyBudget.Reservation reservation) {
    }

    private final int maxBodyBytes;
    private final BodyBudget budget;
    // Event loop only:
    private boolean dropping; // the refused request's body, up to its end
    private boolean dropForGood; // everything, until the connection closes
    private boolean closeAfterBody;
    private boolean bodyEnded;
    private boolean answerWritten;

    BodyAdmission(int maxBodyBytes, BodyBudget budget) {
        this.maxBodyBytes = maxBodyBytes;
        this.budget = budget;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (dropForGood || (dropping && msg instanceof HttpContent)) {
            if (msg instanceof LastHttpContent && !dropForGood) {
                dropping = false;
                bodyEnded = true;
                closeIfDone(ctx);
            }
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest head && head.decoderResult().isSuccess()) {
            admit(ctx, head);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    private void admit(ChannelHandlerContext ctx, HttpRequest head) {
        long declared = HttpUtil.getContentLength(head, -1L);
        boolean chunked = HttpUtil.isTransferEncodingChunked(head);
        boolean expectsContinue = HttpUtil.is100ContinueExpected(head);
        if (expectsContinue) {
            head.headers().remove(HttpHeaderNames.EXPECT); // answered here, not again by the aggregator
        }
        if (declared > maxBodyBytes) {
            ServiceException tooLarge = new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE);
            if (expectsContinue || declared - maxBodyBytes > maxBodyBytes) {
                refuse(ctx, head, new EarlyAnswer(tooLarge, head, false, null), true);
            } else {
                closeAfterBody = true;
                refuse(ctx, head, new EarlyAnswer(tooLarge, head, false, () -> {
                    answerWritten = true;
                    closeIfDone(ctx);
                }), false);
            }
            return;
        }
        boolean hasBody = chunked || declared > 0;
        if (!hasBody) {
            ctx.fireChannelRead(head);
            return;
        }
        BodyBudget.Reservation reservation = budget.tryReserve(chunked || declared < 0 ? maxBodyBytes : declared);
        if (reservation == null) {
            ServiceException busy = new ServiceException(CommonError.SERVER_BUSY,
                    "The server is holding as many request bodies as it can; retry shortly.");
            // A client waiting for 100 Continue sends no body: nothing to drop, but it may send it later.
            boolean keepAlive = !expectsContinue && HttpUtil.isKeepAlive(head);
            refuse(ctx, head, new EarlyAnswer(busy, head, keepAlive, null), expectsContinue);
            return;
        }
        ctx.fireChannelRead(new Admitted(reservation));
        if (expectsContinue) {
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
        ctx.fireChannelRead(head);
    }

    private void refuse(ChannelHandlerContext ctx, HttpRequest head, EarlyAnswer answer, boolean forGood) {
        dropForGood = forGood;
        dropping = !(head instanceof LastHttpContent);
        bodyEnded = !dropping;
        if (head instanceof HttpContent) {
            ReferenceCountUtil.release(head);
        }
        ctx.fireChannelRead(answer);
    }

    private void closeIfDone(ChannelHandlerContext ctx) {
        if (closeAfterBody && bodyEnded && answerWritten) {
            ctx.close();
        }
    }
}
