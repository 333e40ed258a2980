package io.cerulean.http.tls;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.util.List;

/**
 * Serves HTTPS and plain HTTP on one port: looks at the first bytes of a connection and, if they
 * are a TLS record header, puts TLS in front of the HTTP handlers; otherwise the connection stays
 * plain. Then it removes itself, handing on the bytes it looked at. One instance per connection.
 *
 * <p>Five bytes decide (a TLS record header: type, version, length); an HTTP request line is
 * always longer, and no HTTP method starts with a byte that is a TLS record type. SSLv2
 * hellos are not recognised: no client this server serves sends them.
 */
public final class TlsDetector extends ByteToMessageDecoder {
    private static final int TLS_RECORD_HEADER = 5;

    /** Adds the HTTP handlers at the end of a connection's pipeline; {@code secure} says TLS is under them. */
    @FunctionalInterface
    public interface HttpHandlers {
        void addTo(ChannelPipeline pipeline, boolean secure);
    }

    private final SslContext tls;
    private final HttpHandlers http;

    public TlsDetector(SslContext tls, HttpHandlers http) {
        this.tls = tls;
        this.http = http;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < TLS_RECORD_HEADER) {
            return;
        }
        boolean secure = SslHandler.isEncrypted(in, false);
        ChannelPipeline pipeline = ctx.pipeline();
        if (secure) {
            pipeline.addAfter(ctx.name(), "tls", tls.newHandler(ctx.alloc()));
        }
        http.addTo(pipeline, secure);
        // Removing a decoder passes the bytes it holds to the next handler: TLS, or HTTP directly.
        pipeline.remove(this);
    }

    /** A connection that fails before it said anything (reset, timed out) is closed without a word. */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
