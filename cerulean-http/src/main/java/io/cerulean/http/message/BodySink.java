package io.cerulean.http.message;

import java.nio.ByteBuffer;

/**
 * Where a streamed request body goes as it arrives (a blob's content being written). The server
 * calls {@link #write} on a worker thread once bytes have arrived, one call at a time and in order,
 * and never while waiting for the client: between two pieces no thread is held. What a sink has
 * taken becomes the request's only once the operation runs; {@link #close()} discards it unless the
 * operation kept it.
 */
public interface BodySink extends AutoCloseable {
    /** Takes the buffer's remaining bytes. It may block on storage, never on the client. */
    void write(ByteBuffer piece);

    /** Discards what was written unless the operation kept it. Called once, whatever happened. */
    @Override
    void close();
}
