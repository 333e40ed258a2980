package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.IncompleteBodyException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A request body read as it arrives: the event loop offers its chunks, a worker thread reads them.
 * At most about {@link #HIGH_WATER} bytes wait here; past that the connection stops reading from
 * its socket (TCP then slows the client) until the reader has drained them to {@link #LOW_WATER}.
 * So a body of any size costs the server a bounded amount of memory.
 *
 * <p>Once the request has been answered the body is {@linkplain #abandon() abandoned}: what is
 * left of it is read and dropped, so the connection can carry the next request.
 */
final class StreamedBody extends InputStream {
    static final int HIGH_WATER = 1 << 20;
    static final int LOW_WATER = 256 << 10;

    private final Channel channel;
    private final long limit;
    private final Duration idleTimeout;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    // Guarded by lock.
    private final ArrayDeque<ByteBuf> chunks = new ArrayDeque<>();
    private long queuedBytes;
    private long peakQueuedBytes;
    private long receivedBytes;
    private boolean ended;
    private boolean abandoned;
    private boolean paused;
    private IOException failure;
    private boolean tooLarge;

    /**
     * @param limit       the most bytes the service reads; a longer body fails its reader with 413
     * @param idleTimeout how long a read waits for the client's next bytes before giving up
     */
    StreamedBody(Channel channel, long limit, Duration idleTimeout) {
        this.channel = channel;
        this.limit = limit;
        this.idleTimeout = idleTimeout;
    }

    /** Takes a chunk (and its reference) from the event loop. */
    void offer(ByteBuf chunk) {
        int length = chunk.readableBytes();
        lock.lock();
        try {
            receivedBytes += length;
            if (receivedBytes > limit) {
                tooLarge = true;
            }
            if (abandoned || tooLarge || failure != null || length == 0) {
                chunk.release();
            } else {
                chunks.add(chunk);
                queuedBytes += length;
                peakQueuedBytes = Math.max(peakQueuedBytes, queuedBytes);
                if (queuedBytes >= HIGH_WATER && !paused) {
                    paused = true;
                    channel.config().setAutoRead(false);
                }
            }
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The client declared more than the limit: the reader fails at once, and the rest is dropped. */
    void refuseDeclaredLength() {
        lock.lock();
        try {
            tooLarge = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The body's last byte has been offered. */
    void end() {
        lock.lock();
        try {
            ended = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The body will not arrive whole (the connection closed, a chunk was malformed). */
    void fail(String why) {
        lock.lock();
        try {
            if (!ended && failure == null) {
                failure = new IncompleteBodyException(why);
            }
            releaseQueued();
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The request has been answered: drop what is queued and whatever else arrives. */
    void abandon() {
        lock.lock();
        try {
            abandoned = true;
            releaseQueued();
            resumeIfPaused();
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        lock.lock();
        try {
            long waitNanos = idleTimeout.toNanos();
            while (true) {
                if (tooLarge) {
                    throw new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE);
                }
                if (failure != null) {
                    throw failure;
                }
                if (abandoned) {
                    throw new IOException("the request body was abandoned");
                }
                if (!chunks.isEmpty() || ended) {
                    break;
                }
                if (waitNanos <= 0) {
                    throw new IncompleteBodyException("the client sent no body bytes for " + idleTimeout.toSeconds()
                            + " s");
                }
                try {
                    waitNanos = arrived.awaitNanos(waitNanos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IncompleteBodyException("interrupted while waiting for the request body");
                }
            }
            if (chunks.isEmpty()) {
                return -1;
            }
            ByteBuf head = chunks.peek();
            int n = Math.min(length, head.readableBytes());
            head.readBytes(into, offset, n);
            if (!head.isReadable()) {
                chunks.poll().release();
            }
            queuedBytes -= n;
            if (queuedBytes <= LOW_WATER) {
                resumeIfPaused();
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int available() {
        lock.lock();
        try {
            return (int) Math.min(Integer.MAX_VALUE, queuedBytes);
        } finally {
            lock.unlock();
        }
    }

    /** Closing the stream before its end abandons the rest of the body. */
    @Override
    public void close() {
        abandon();
    }

    /** The most bytes that waited here at once: the memory the body cost, whatever its size. */
    long peakQueuedBytes() {
        lock.lock();
        try {
            return peakQueuedBytes;
        } finally {
            lock.unlock();
        }
    }

    private void releaseQueued() {
        while (!chunks.isEmpty()) {
            chunks.poll().release();
        }
        queuedBytes = 0;
    }

    private void resumeIfPaused() {
        if (paused) {
            paused = false;
            channel.eventLoop().execute(this::readIfNotPaused);
        }
    }

    /**
     * Runs on the event loop, after any number of pauses and resumes: what it sets is the state now,
     * so a resume that arrives after a newer pause does not undo it.
     */
    private void readIfNotPaused() {
        boolean read;
        lock.lock();
        try {
            read = !paused;
        } finally {
            lock.unlock();
        }
        channel.config().setAutoRead(read);
        if (read) {
            channel.read();
        }
    }
}
