package io.cerulean.http.server;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.BodySink;
import io.cerulean.http.message.IncompleteBodyException;
import io.cerulean.http.message.StreamedRequestBody;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * A request body poured into its service's {@link BodySink} as it arrives: the event loop offers
 * its chunks, and a task on a worker thread writes what has arrived into the sink, then ends. No
 * thread waits for the client: while nothing has arrived, no task runs, so a client that stops
 * sending holds its connection and nothing else (the connection's body timeout then ends it). At
 * most about {@link #HIGH_WATER} bytes wait here; past that the connection stops reading from its
 * socket (TCP then slows the client) until the sink has taken them down to {@link #LOW_WATER}. So
 * a body of any size costs the server a bounded amount of memory.
 *
 * <p>Once the request has been answered the body is {@linkplain #abandon() abandoned}: what is
 * left of it is read and dropped, so the connection can carry the next request.
 */
final class StreamedBody implements StreamedRequestBody {
    static final int HIGH_WATER = 1 << 20;
    static final int LOW_WATER = 256 << 10;
    /** Poured by one task before it gives its thread to other requests' work. */
    private static final int BYTES_PER_TASK = 1 << 20;

    private final Channel channel;
    private final long limit;
    private final Executor workers;
    private final ReentrantLock lock = new ReentrantLock();
    // Guarded by lock.
    private final ArrayDeque<ByteBuf> chunks = new ArrayDeque<>();
    private long queuedBytes;
    private long peakQueuedBytes;
    private long receivedBytes;
    private boolean ended;
    private boolean abandoned;
    private boolean paused;
    private IncompleteBodyException failure;
    private RuntimeException stopped; // why the pouring was ended from outside, or null
    private boolean tooLarge;
    private BodySink sink;
    private Consumer<Throwable> whenDone;
    private boolean pouring; // a task is writing into the sink, or is about to
    private boolean done; // whenDone has run, or is running

    /**
     * @param limit   the most bytes the service takes; a longer body fails with 413
     * @param workers where the pieces are written into the sink
     */
    StreamedBody(Channel channel, long limit, Executor workers) {
        this.channel = channel;
        this.limit = limit;
        this.workers = workers;
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
            if (abandoned || done || tooLarge || failure != null || stopped != null || length == 0) {
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
            pourIfIdle();
        } finally {
            lock.unlock();
        }
    }

    /** The body's last byte has been offered. */
    void end() {
        lock.lock();
        try {
            ended = true;
            pourIfIdle();
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
            pourIfIdle();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void pourInto(BodySink sink, Consumer<Throwable> whenDone) {
        lock.lock();
        try {
            if (this.sink != null) {
                throw new IllegalStateException("a request body is poured once");
            }
            this.sink = sink;
            this.whenDone = whenDone;
            pourIfIdle();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void abandon() {
        lock.lock();
        try {
            abandoned = true;
            releaseQueued();
            resumeIfPaused();
            pourIfIdle();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void stop(RuntimeException reason) {
        lock.lock();
        try {
            if (stopped == null) {
                stopped = reason;
            }
            releaseQueued();
            resumeIfPaused();
            pourIfIdle();
        } finally {
            lock.unlock();
        }
    }

    /** Starts a task if a sink waits and something happened that it has not seen. Lock held. */
    private void pourIfIdle() {
        if (sink == null || pouring || done) {
            return;
        }
        if (chunks.isEmpty() && !ended && failure == null && !tooLarge && !abandoned && stopped == null) {
            return; // nothing to do until the client sends more
        }
        pouring = true;
        try {
            workers.execute(this::pour);
        } catch (RejectedExecutionException e) { // the server is stopping
            pouring = false;
            if (failure == null) {
                failure = new IncompleteBodyException("the server is stopping");
            }
        }
    }

    /** Writes what has arrived into the sink, then ends; runs whenDone once the body's fate is known. */
    private void pour() {
        long poured = 0;
        while (true) {
            ByteBuf next = null;
            Throwable outcome = null;
            boolean finished = true;
            lock.lock();
            try {
                if (tooLarge) {
                    outcome = new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE);
                } else if (stopped != null) {
                    outcome = stopped;
                } else if (failure != null) {
                    outcome = failure;
                } else if (abandoned) {
                    outcome = new IncompleteBodyException("the request body was abandoned");
                } else if (!chunks.isEmpty() && poured < BYTES_PER_TASK) {
                    next = chunks.poll();
                    finished = false;
                    queuedBytes -= next.readableBytes();
                    if (queuedBytes <= LOW_WATER) {
                        resumeIfPaused();
                    }
                } else if (chunks.isEmpty() && ended) {
                    outcome = null;
                } else {
                    // More to come, or a fair share poured: another task goes on when there is work.
                    pouring = false;
                    pourIfIdle();
                    return;
                }
                if (finished) {
                    done = true;
                    pouring = false;
                    releaseQueued();
                    resumeIfPaused(); // what is left is dropped as it arrives
                    abandoned = true;
                }
            } finally {
                lock.unlock();
            }
            if (finished) {
                whenDone.accept(outcome);
                return;
            }
            try {
                poured += next.readableBytes();
                for (ByteBuffer piece : next.nioBuffers()) {
                    sink.write(piece);
                }
            } catch (RuntimeException | Error e) {
                abandonAfter();
                whenDone.accept(e);
                return;
            } finally {
                next.release();
            }
        }
    }

    /** The sink refused a piece: the body's fate is known, and the rest of it is dropped. */
    private void abandonAfter() {
        lock.lock();
        try {
            done = true;
            pouring = false;
            abandoned = true;
            releaseQueued();
            resumeIfPaused();
        } finally {
            lock.unlock();
        }
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
