package io.cerulean.http.message;

import java.nio.ByteBuffer;

/**
 * A response body read from a source as it is sent (a blob of any size), rather than held whole in
 * memory. The server reads it sequentially, a chunk at a time, only as fast as the client takes
 * the bytes, and always on a worker thread, never on an event loop: a read may wait on a disk or a
 * network. Reads and the close are never concurrent: one thread at a time, each seeing what the
 * one before it did.
 *
 * <p>The server sends exactly {@link #length()} bytes and reads no further. A source that ends
 * sooner, or whose {@code read} throws, ends the connection: the head is already sent, so a
 * shorter body on a connection kept alive would be read by the client as part of the next answer.
 */
public interface ResponseContent {
    /** The exact number of bytes the body has; sent as its {@code Content-Length}. Never negative. */
    long length();

    /**
     * Fills as much of {@code target} (between its position and limit) as it can, blocking until at
     * least one byte is there, and advances its position.
     *
     * @return the number of bytes put in, at least 1 while {@code target} has room; -1 at the end
     * @throws RuntimeException if the source fails (a store that cannot answer): the server closes
     *                          the connection and logs it with the request's id
     */
    int read(ByteBuffer target);

    /**
     * Releases the source. Called by the server exactly once per response, whether the body was sent
     * whole, in part (the client left, a read failed) or not at all (the connection closed first, or
     * the request was a {@code HEAD}). Idempotent all the same: a second call does nothing.
     */
    void close();
}
