package io.cerulean.http.server;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;

/**
 * A request's headers as Netty's decoder fills them, remembering one thing the decoder would
 * otherwise erase: that the request had a Content-Length beside {@code Transfer-Encoding: chunked}
 * (RFC 9112 lets a server drop the length and read the chunks; the decoder does, silently). Such a
 * request is a smuggling shape, since a proxy in front may have framed it by the length, so
 * {@link MessageFraming} refuses it.
 */
final class FramingHeaders extends DefaultHttpHeaders {
    static final HttpHeadersFactory FACTORY = new HttpHeadersFactory() {
        private final DefaultHttpHeadersFactory defaults = DefaultHttpHeadersFactory.headersFactory();

        @Override
        public HttpHeaders newHeaders() {
            return new FramingHeaders(defaults);
        }

        @Override
        public HttpHeaders newEmptyHeaders() {
            return defaults.newEmptyHeaders();
        }
    };

    private boolean contentLengthDropped;

    private FramingHeaders(DefaultHttpHeadersFactory defaults) {
        super(defaults.getNameValidator(), defaults.getValueValidator());
    }

    @Override
    public HttpHeaders remove(CharSequence name) {
        // The decoder's only removal: Content-Length, when the request is also chunked.
        if (HttpHeaderNames.CONTENT_LENGTH.contentEqualsIgnoreCase(name)) {
            contentLengthDropped = true;
        }
        return super.remove(name);
    }

    /** Whether the request came with a Content-Length beside a chunked Transfer-Encoding. */
    static boolean hadContentLengthWithChunked(HttpHeaders headers) {
        return headers instanceof FramingHeaders framing && framing.contentLengthDropped;
    }
}
