package io.cerulean.http.requestlog;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A request log written by a thread of its own: {@link #record} only queues the entry, so a slow
 * disk or a full pipe never holds up an event loop. Lines are buffered and flushed whenever the
 * queue runs dry, so a quiet server's log is complete within moments. When the queue is full the
 * entry is dropped and counted; the next line written is preceded by how many were dropped.
 * Thread-safe.
 */
final class BackgroundRequestLog implements RequestLog {
    private static final Logger log = LoggerFactory.getLogger(BackgroundRequestLog.class);
    /** About 64k lines: seconds of a busy server's requests, a few megabytes at most. */
    private static final int QUEUE_CAPACITY = 1 << 16;
    private static final int DRAIN_BATCH = 256;

    private final BlockingQueue<RequestLogEntry> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final AtomicLong dropped = new AtomicLong();
    private final Writer out;
    private final boolean closeOut;
    private final RequestLogFormat format;
    private final String where;
    private final Thread writer;
    private volatile boolean closed;

    BackgroundRequestLog(OutputStream out, boolean closeOut, RequestLogFormat format, String where) {
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        this.closeOut = closeOut;
        this.format = format;
        this.where = where;
        this.writer = new Thread(this::run, "cerulean-request-log");
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void record(RequestLogEntry entry) {
        if (closed || !queue.offer(entry)) {
            dropped.incrementAndGet();
        }
    }

    private void run() {
        List<RequestLogEntry> batch = new ArrayList<>(DRAIN_BATCH);
        boolean failed = false;
        while (true) {
            try {
                RequestLogEntry first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    if (closed && queue.isEmpty()) {
                        break;
                    }
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, DRAIN_BATCH - 1);
                long lost = dropped.getAndSet(0);
                if (lost > 0) {
                    out.write("# request log: " + lost + " lines dropped, the log could not keep up\n");
                }
                for (RequestLogEntry entry : batch) {
                    out.write(format.format(entry));
                    out.write('\n');
                }
                batch.clear();
                if (queue.isEmpty()) {
                    out.flush();
                }
                failed = false;
            } catch (InterruptedException e) {
                break;
            } catch (IOException | RuntimeException e) {
                batch.clear();
                if (!failed) {
                    // Once per run of failures (a full disk), not per line.
                    log.warn("cannot write the request log to {}: {}", where, e.toString());
                    failed = true;
                }
            }
        }
        try {
            out.flush();
            if (closeOut) {
                out.close();
            }
        } catch (IOException e) {
            log.warn("cannot finish the request log {}: {}", where, e.toString());
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            writer.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return format.name().toLowerCase(java.util.Locale.ROOT) + " lines to " + where;
    }
}
