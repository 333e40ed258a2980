package io.cerulean.bench.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * An HTTP/1.1 request as the bytes that go on the wire: the head (request line and headers) and
 * the body, which may be empty. Kept apart so that a body written before its length was known
 * needs no copy; both leave in one write. Sending takes ownership of both buffers.
 *
 * @param discardBody whether a successful (2xx) response's body is counted and dropped as it
 *                    arrives instead of being gathered: the listener then gets a
 *                    {@link DiscardedBodyResponse} with no content (large downloads)
 */
public record Request(ByteBuf head, ByteBuf body, boolean discardBody) {
    public Request {
        if (head == null) {
            throw new IllegalArgumentException("a request needs a head");
        }
        body = body == null ? Unpooled.EMPTY_BUFFER : body;
    }

    public Request(ByteBuf head, ByteBuf body) {
        this(head, body, false);
    }

    /** Frees both buffers, for a request that will not be sent. */
    public void release() {
        head.release();
        body.release();
    }
}
