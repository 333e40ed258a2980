package io.cerulean.http.server;

import io.cerulean.http.message.ResponseContent;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.nio.ByteBuffer;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A streamed response body as the {@link ChunkedWriteHandler} takes it: {@link #readChunk} runs on
 * the event loop and never reads the {@link ResponseContent}; it hands over the one chunk a worker
 * thread read ahead, asks a worker for the next, and returns null (the transfer is suspended) while
 * none is ready. The worker resumes the transfer once it has one. The handler takes a chunk only
 * while the channel is writable, and a chunk is read ahead only while it still is, so a connection
 * holds at most about two chunks of its body (one read ahead here, one being written), and a client
 * that takes nothing holds one: however many clients stall, they hold little of the server's
 * memory for buffers, which every other connection needs too. A client that reads slowly slows
 * the reads, not the heap.
 *
 * <p>The content is touched by one worker at a time (a read, then the close), never by the event
 * loop, and closed exactly once: by {@link #close()}, which the handler calls whether the body went
 * out whole or not, or by {@link #discard} when the body is never sent.
 */
final class ContentChunks implements ChunkedInput<HttpContent> {
    /** Big enough that a GiB costs few hand-offs, small enough that two per connection stay cheap. */
    static final int CHUNK_BYTES = 256 << 10;
    private static final Logger log = LoggerFactory.getLogger(ContentChunks.class);

    private final ResponseContent content;
    private final long length;
    private final Channel channel;
    private final ByteBufAllocator allocator;
    private final Executor workers;
    private final ChunkedWriteHandler transfer;
    // Guarded by this:
    private ByteBuf ready; // read ahead, not yet taken
    private boolean reading; // a worker has the content
    private long readBytes;
    private long takenBytes;
    private boolean ended; // the last chunk was taken
    private RuntimeException failure;
    private boolean closed;
    private boolean contentClosed;

    ContentChunks(ResponseContent content, Channel channel, Executor workers, ChunkedWriteHandler transfer) {
        this.content = content;
        this.length = content.length();
        this.channel = channel;
        this.allocator = channel.alloc();
        this.workers = workers;
        this.transfer = transfer;
    }

    /** Starts reading the first chunk ahead, before the handler asks for it. */
    ContentChunks start() {
        synchronized (this) {
            readAheadIfIdle();
        }
        return this;
    }

    /**
     * Closes a content that will never be sent, on a worker thread (a close may wait on a store too),
     * or here if no worker takes it.
     */
    static void discard(ResponseContent content, Executor workers) {
        try {
            workers.execute(() -> closeQuietly(content));
        } catch (RejectedExecutionException e) {
            closeQuietly(content);
        }
    }

    @Override
    public HttpContent readChunk(ByteBufAllocator unused) {
        synchronized (this) {
            if (failure != null) {
                throw failure;
            }
            if (ended) {
                return null;
            }
            if (takenBytes == length) { // an empty body
                ended = true;
                return LastHttpContent.EMPTY_LAST_CONTENT;
            }
            ByteBuf chunk = ready;
            if (chunk == null) {
                readAheadIfIdle();
                return null;
            }
            ready = null;
            takenBytes += chunk.readableBytes();
            if (takenBytes == length) {
                ended = true;
                return new DefaultLastHttpContent(chunk);
            }
            readAheadIfIdle();
            return new DefaultHttpContent(chunk);
        }
    }

    @Deprecated
    @Override
    public HttpContent readChunk(ChannelHandlerContext ctx) {
        return readChunk(ctx.alloc());
    }

    @Override
    public synchronized boolean isEndOfInput() {
        return ended;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public synchronized long progress() {
        return takenBytes;
    }

    /** What the content's read threw (or the short body it gave), or null. */
    synchronized RuntimeException failure() {
        return failure;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (ready != null) {
                ready.release();
                ready = null;
            }
            if (reading) {
                return; // the worker reading closes the content when its read returns
            }
            contentClosed = true;
        }
        discard(content, workers);
    }

    /** Holding this object's lock. */
    private void readAheadIfIdle() {
        if (reading || ready != null || closed || failure != null || readBytes == length) {
            return;
        }
        reading = true;
        try {
            workers.execute(this::readAhead);
        } catch (RejectedExecutionException e) {
            reading = false;
            failure = new IllegalStateException("no worker thread takes the body's next chunk (shutting down?)", e);
        }
    }

    /**
     * On a worker: reads the next chunk whole, then hands it over and resumes the transfer. While
     * the client is not taking what was sent it reads nothing: the handler asks again once the
     * channel is writable.
     */
    private void readAhead() {
        long from;
        synchronized (this) {
            if (!channel.isWritable() && !closed && readBytes > 0) {
                reading = false;
                return;
            }
            from = readBytes;
        }
        int size = (int) Math.min(CHUNK_BYTES, length - from);
        ByteBuf chunk = null;
        RuntimeException failed = null;
        try {
            chunk = allocator.directBuffer(size, size);
            fill(chunk, size, from);
        } catch (RuntimeException e) {
            failed = e;
        } catch (OutOfMemoryError e) { // no direct memory left: this body ends, the server goes on
            failed = new IllegalStateException("no memory left for the body's next chunk", e);
        }
        boolean closeContent;
        synchronized (this) {
            reading = false;
            if (failed == null && !closed) {
                ready = chunk;
                readBytes = from + size;
                chunk = null;
            } else if (failed != null) {
                failure = failed;
            }
            closeContent = closed && !contentClosed;
            contentClosed |= closeContent;
        }
        if (chunk != null) {
            chunk.release();
        }
        if (closeContent) {
            closeQuietly(content);
            return;
        }
        try {
            transfer.resumeTransfer();
        } catch (RejectedExecutionException e) {
            // The event loop has stopped (the server is closing): its channels close, and this input with them.
        }
    }

    private void fill(ByteBuf chunk, int size, long from) {
        ByteBuffer target = chunk.nioBuffer(0, size);
        while (target.hasRemaining()) {
            int n = content.read(target);
            if (n < 0) {
                throw new IllegalStateException("the body ended after " + (from + target.position()) + " of the "
                        + length + " bytes it said it had");
            }
            if (n == 0) {
                throw new IllegalStateException("the body's source read no bytes into a buffer with room");
            }
        }
        chunk.writerIndex(size);
    }

    private static void closeQuietly(ResponseContent content) {
        try {
            content.close();
        } catch (RuntimeException e) {
            log.warn("closing a response body's source failed", e);
        }
    }
}
