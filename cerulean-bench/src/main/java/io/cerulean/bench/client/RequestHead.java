package io.cerulean.bench.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * Writes request heads straight into a buffer, with the headers every request carries (Host,
 * {@code x-ms-version}, the data service versions) encoded once: no header map, no encoder, per
 * request only the request line, the date, the signature, and the few headers that vary.
 * Thread-safe (immutable).
 */
final class RequestHead {
    private static final byte[] CRLF = {'\r', '\n'};
    private final byte[] constant;

    /** The Table service's: Host, {@code x-ms-version} and the OData data service versions. */
    RequestHead(String host, String apiVersion) {
        this(host, apiVersion, "DataServiceVersion: 3.0\r\nMaxDataServiceVersion: 3.0;NetFx\r\n");
    }

    /** @param more further constant header lines, each ending in CRLF */
    private RequestHead(String host, String apiVersion, String more) {
        this.constant = ("Host: " + host + "\r\nx-ms-version: " + apiVersion + "\r\n" + more)
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** The Queue (and Blob) service's: Host and {@code x-ms-version} only. */
    static RequestHead plain(String host, String apiVersion) {
        return new RequestHead(host, apiVersion, "");
    }

    /**
     * @param target      path and query exactly as signed
     * @param contentType null when there is no body
     * @param extra       further headers as name, value, name, value...
     */
    ByteBuf write(ByteBufAllocator alloc, String method, String target, String date, String authorization,
                  String accept, String contentType, int contentLength, String... extra) {
        ByteBuf head = alloc.buffer(constant.length + target.length() + authorization.length() + 192);
        ascii(head, method);
        head.writeByte(' ');
        ascii(head, target);
        ascii(head, " HTTP/1.1\r\n");
        head.writeBytes(constant);
        header(head, "x-ms-date", date);
        header(head, "Authorization", authorization);
        header(head, "Accept", accept);
        if (contentType != null) {
            header(head, "Content-Type", contentType);
        }
        header(head, "Content-Length", Integer.toString(contentLength));
        for (int i = 0; i + 1 < extra.length; i += 2) {
            header(head, extra[i], extra[i + 1]);
        }
        head.writeBytes(CRLF);
        return head;
    }

    private static void header(ByteBuf out, String name, String value) {
        ascii(out, name);
        out.writeByte(':');
        out.writeByte(' ');
        ascii(out, value);
        out.writeBytes(CRLF);
    }

    private static void ascii(ByteBuf out, String s) {
        out.writeCharSequence(s, StandardCharsets.US_ASCII);
    }
}
