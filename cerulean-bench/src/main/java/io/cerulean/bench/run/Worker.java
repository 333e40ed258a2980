package io.cerulean.bench.run;

import io.cerulean.bench.client.Connection;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.ResponseListener;
import io.netty.handler.codec.http.FullHttpResponse;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One closed-loop worker of a phase: it sends the next request as soon as the previous response
 * is read, on its connection's event loop, so no thread hands work to another. All fields are
 * confined to that event loop until {@link #done} counts down, which publishes them to the phase.
 */
final class Worker implements ResponseListener {
    // Give up on a connection that keeps failing: the endpoint is gone, more attempts only spin.
    private static final int MAX_CONSECUTIVE_FAILURES = 100;
    private static final long RETRY_DELAY_MILLIS = 20;

    private final int index;
    private final Connection connection;
    private final OpSource source;
    private final SplittableRandom random;
    private final long stopStartingAt;
    private final long abandonAt;
    private final ErrorLog errorLog;
    private final CountDownLatch done;

    final Latencies opLatency = new Latencies();
    final Latencies requestLatency = new Latencies();
    long ops;
    long items;
    long errors;
    boolean incomplete;
    long finishedAt;

    private volatile boolean stopped;
    private boolean finished;
    private Op op;
    private long opStart;
    private long requestStart;
    private int consecutiveFailures;

    Worker(int index, Connection connection, OpSource source, long seed, long stopStartingAt, long abandonAt,
           ErrorLog errorLog, CountDownLatch done) {
        this.index = index;
        this.connection = connection;
        this.source = source;
        this.random = new SplittableRandom(seed);
        this.stopStartingAt = stopStartingAt;
        this.abandonAt = abandonAt;
        this.errorLog = errorLog;
        this.done = done;
    }

    void start() {
        connection.eventLoop().execute(this::nextOp);
    }

    /** From the phase's watchdog: finish as soon as the operation in flight ends or fails. */
    void stop() {
        stopped = true;
        connection.abort();
    }

    private void nextOp() {
        if (stopped || System.nanoTime() - stopStartingAt >= 0) {
            finish();
            return;
        }
        try {
            op = source.next(index, random);
        } catch (RuntimeException e) {
            errorLog.add(e.toString());
            errors++;
            finish();
            return;
        }
        if (op == null) {
            finish();
            return;
        }
        opStart = System.nanoTime();
        send();
    }

    private void send() {
        Request request;
        try {
            request = op.request();
        } catch (RuntimeException e) {
            failOp(e.toString());
            return;
        }
        requestStart = System.nanoTime();
        connection.send(request, this);
    }

    @Override
    public void onResponse(FullHttpResponse response) {
        long now = System.nanoTime();
        requestLatency.add(now - requestStart);
        consecutiveFailures = 0;
        boolean complete;
        try {
            complete = op.onResponse(response);
        } catch (OpFailure e) {
            failOp(e.getMessage());
            return;
        } catch (RuntimeException e) {
            failOp(e.toString());
            return;
        }
        if (!complete) {
            if (stopped || now - abandonAt >= 0) {
                incomplete = true;
                failOp("stopped at the time limit in the middle of an operation");
                return;
            }
            send();
            return;
        }
        opLatency.add(now - opStart);
        ops++;
        items += op.items();
        nextOp();
    }

    @Override
    public void onFailure(Throwable cause) {
        errors++;
        errorLog.add(cause.getMessage() == null ? cause.toString() : cause.getMessage());
        op = null;
        if (stopped) {
            incomplete = true;
            finish();
        } else if (++consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
            finish();
        } else {
            // Later, not now: an immediate refusal would otherwise recurse and spin.
            connection.eventLoop().schedule(this::nextOp, RETRY_DELAY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void failOp(String message) {
        errors++;
        errorLog.add(message);
        op = null;
        nextOp();
    }

    private void finish() {
        if (!finished) {
            finished = true;
            finishedAt = System.nanoTime();
            done.countDown();
        }
    }
}
