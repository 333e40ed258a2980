package io.cerulean.http.server;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Netty's request line and headers as an {@link AzureRequest}, the one place that reads them, and a
 * request carried in another's body read the same way ({@link #embedded}).
 */
public final class RequestHeads {
    private static final byte[] NO_BODY = new byte[0];

    private RequestHeads() {
    }

    /**
     * @throws ServiceException 400 for a request target that is not well-formed ({@link RequestUris})
     */
    static AzureRequest of(HttpRequest request, byte[] body, boolean secure, ChannelHandlerContext ctx) {
        String uri = request.uri();
        RequestUris.check(uri);
        // ';' is data in a query (RFC 3986), e.g. $format=application/json;odata=nometadata.
        var query = new QueryStringDecoder(uri, StandardCharsets.UTF_8, true, 1024, true).parameters();
        // The headers are plain heap objects, not pooled: they stay valid after the request is released.
        return new AzureRequest(request.method().name(), rawPath(uri), query, request.headers(), body, secure,
                clientAddress(ctx));
    }

    /**
     * A request carried in {@code carrier}'s body (a batch's sub-request), read as a request alone is:
     * its target checked and its query decoded the same way. It came over the carrier's connection, so
     * it has its TLS and client address, and its {@code Host} when it names none (a host-style URL's
     * account is in it; no signature covers it), and its deadline.
     *
     * @param target the request target, origin-form or absolute
     * @throws ServiceException 400 for a request target that is not well-formed ({@link RequestUris})
     */
    public static AzureRequest embedded(String method, String target, HttpHeaders headers, byte[] body,
                                        AzureRequest carrier) {
        RequestUris.check(target);
        var query = new QueryStringDecoder(target, StandardCharsets.UTF_8, true, 1024, true).parameters();
        String host = carrier.header("Host");
        if (!headers.contains("Host") && host != null) {
            headers.add("Host", host);
        }
        // It arrived with its carrier, and is due when the carrier is.
        return new AzureRequest(method, rawPath(target), query, headers, body, carrier.secure(),
                carrier.clientAddress()).withDeadline(carrier.deadline());
    }

    /**
     * The head alone, without its query or body, for answering a request refused before it was
     * read (its CORS headers need its path and Origin); never throws.
     */
    static AzureRequest headOnly(HttpRequest request, boolean secure, ChannelHandlerContext ctx) {
        return new AzureRequest(request.method().name(), rawPath(request.uri()), Map.of(), request.headers(), NO_BODY,
                secure, clientAddress(ctx));
    }

    private static String rawPath(String uri) {
        int question = uri.indexOf('?');
        String rawPath = question < 0 ? uri : uri.substring(0, question);
        if (rawPath.startsWith("http://") || rawPath.startsWith("https://")) {
            int slash = rawPath.indexOf('/', rawPath.indexOf("//") + 2);
            rawPath = slash < 0 ? "/" : rawPath.substring(slash);
        }
        return rawPath;
    }

    private static String clientAddress(ChannelHandlerContext ctx) {
        return ctx.channel().remoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                ? address.getAddress().getHostAddress() : "";
    }
}
