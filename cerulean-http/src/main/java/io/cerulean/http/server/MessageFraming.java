package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;

/**
 * Refuses a request whose end cannot be known for sure, since the bytes after it would be read as
 * the next request: Content-Length beside Transfer-Encoding (400 InvalidInput), or a transfer
 * coding other than plain {@code chunked}, such as {@code gzip, chunked} (501 NotImplemented, as RFC
 * 9112 section 6.1 asks of a server that does not understand a coding; reading the body as if the
 * coding were not there would hand the service bytes the client did not mean). Either way the
 * answer is the connection's last: everything read after the refused head is dropped, and the
 * connection is closed once the answer is written. One instance per connection.
 */
final class MessageFraming extends ChannelInboundHandlerAdapter {
    private boolean refused; // event loop only

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest head && head.decoderResult().isSuccess()) {
            String codings = head.headers().get(HttpHeaderNames.TRANSFER_ENCODING);
            if (codings != null) {
                ServiceException refusal = refusal(head, codings);
                if (refusal != null) {
                    refused = true;
                    ReferenceCountUtil.release(msg);
                    ctx.fireChannelRead(new EarlyAnswer(refusal, head, false, null));
                    return;
                }
            }
        }
        ctx.fireChannelRead(msg);
    }

    private static ServiceException refusal(HttpRequest head, String codings) {
        if (FramingHeaders.hadContentLengthWithChunked(head.headers())) {
            return new ServiceException(CommonError.INVALID_INPUT,
                    "A request may have Content-Length or Transfer-Encoding, not both.");
        }
        if (head.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING).size() != 1
                || !HttpHeaderValues.CHUNKED.contentEqualsIgnoreCase(codings.trim())) {
            return new ServiceException(CommonError.NOT_IMPLEMENTED,
                    "The only transfer coding supported is chunked: " + codings);
        }
        return null;
    }
}
