package io.cerulean.tools.progress;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * How far a long command has got: items and bytes done, their rates and, when the totals are
 * known, the time left. Safe to count from many threads at once.
 *
 * <p>On a terminal the line is redrawn in place a few times a second; otherwise (a pipe, a file, a
 * CI log) a plain line is written every few seconds, so a log holds a readable history rather than
 * carriage returns. {@link ProgressStyle#QUIET} writes nothing but what {@link #finish} is given.
 * Progress goes to standard error: standard output is the data's when a command exports to it.
 */
public final class Progress implements AutoCloseable {
    private static final long TERMINAL_REDRAW_MS = 250;
    private static final long PLAIN_LINE_MS = 5_000;

    private final String task;
    private final String unit;
    private final PrintWriter out;
    private final ProgressStyle style;
    private final LongSupplier nanoClock;
    private final long started;
    private final LongAdder items = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private volatile long totalItems = -1;
    private volatile long totalBytes = -1;
    private final ScheduledExecutorService ticker;
    private int lastWidth;

    /**
     * Starts reporting {@code task} (e.g. {@code "export orders"}) counting {@code unit}s (e.g.
     * {@code "entities"}) on {@code out}.
     */
    public Progress(String task, String unit, PrintStream out, ProgressStyle style) {
        this(task, unit, new PrintWriter(out, true), style, System::nanoTime, true);
    }

    /** The same on a writer: a picocli command's {@code getErr()}. */
    public Progress(String task, String unit, PrintWriter out, ProgressStyle style) {
        this(task, unit, out, style, System::nanoTime, true);
    }

    /** For tests: a clock of one's own and no ticker; lines are drawn by {@link #draw} only. */
    Progress(String task, String unit, PrintStream out, ProgressStyle style, LongSupplier nanoClock, boolean tick) {
        this(task, unit, new PrintWriter(out, true), style, nanoClock, tick);
    }

    private Progress(String task, String unit, PrintWriter out, ProgressStyle style, LongSupplier nanoClock, boolean tick) {
        this.task = task;
        this.unit = unit;
        this.out = out;
        this.style = style;
        this.nanoClock = nanoClock;
        this.started = nanoClock.getAsLong();
        if (tick && style != ProgressStyle.QUIET) {
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, "progress");
                thread.setDaemon(true);
                return thread;
            });
            long period = style == ProgressStyle.TERMINAL ? TERMINAL_REDRAW_MS : PLAIN_LINE_MS;
            ticker.scheduleAtFixedRate(this::draw, period, period, TimeUnit.MILLISECONDS);
        } else {
            ticker = null;
        }
    }

    /** The totals, once known, for the rate's ETA; either may stay unknown. */
    public void expect(OptionalLong items, OptionalLong bytes) {
        items.ifPresent(n -> totalItems = n);
        bytes.ifPresent(n -> totalBytes = n);
    }

    /** {@code items} more done, holding {@code bytes} between them. */
    public void add(long items, long bytes) {
        this.items.add(items);
        this.bytes.add(bytes);
    }

    /** {@code items} more that could not be done (reported, not counted as done). */
    public void failed(long items) {
        failures.add(items);
    }

    public long items() {
        return items.sum();
    }

    public long bytes() {
        return bytes.sum();
    }

    public long failures() {
        return failures.sum();
    }

    /** The line as it stands now. */
    public String line() {
        long done = items.sum();
        long size = bytes.sum();
        double seconds = Math.max(1e-9, (nanoClock.getAsLong() - started) / 1e9);
        StringBuilder line = new StringBuilder(task).append(": ")
                .append(count(done));
        if (totalItems >= 0) {
            line.append('/').append(count(totalItems));
        }
        line.append(' ').append(unit).append(", ").append(ByteSize.format(size));
        long failed = failures.sum();
        if (failed > 0) {
            line.append(", ").append(count(failed)).append(" failed");
        }
        line.append(", ").append(count(Math.round(done / seconds))).append(' ').append(unit).append("/s, ")
                .append(ByteSize.format(Math.round(size / seconds))).append("/s");
        eta(done, size, seconds).ifPresent(left -> line.append(", ETA ").append(duration(left)));
        return line.toString();
    }

    /** Draws the line now: in place on a terminal, as a line of its own otherwise. */
    public synchronized void draw() {
        if (style == ProgressStyle.QUIET) {
            return;
        }
        String line = line();
        if (style == ProgressStyle.TERMINAL) {
            // Pad over what a longer line before left on the screen.
            String padded = line.length() < lastWidth ? line + " ".repeat(lastWidth - line.length()) : line;
            lastWidth = line.length();
            out.print('\r' + padded);
        } else {
            out.println(line);
        }
        out.flush();
    }

    /**
     * Stops the ticker and writes the last line, then {@code summary} (written even when quiet,
     * when it is not empty: the outcome a script may want on standard error).
     */
    public synchronized void finish(String summary) {
        stop();
        if (style != ProgressStyle.QUIET) {
            draw();
            if (style == ProgressStyle.TERMINAL) {
                out.println();
            }
        }
        if (!summary.isEmpty()) {
            out.println(summary);
        }
        out.flush();
    }

    @Override
    public void close() {
        stop();
    }

    private void stop() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }

    private java.util.Optional<Duration> eta(long done, long size, double seconds) {
        double fraction;
        if (totalBytes > 0) {
            fraction = (double) size / totalBytes;
        } else if (totalItems > 0) {
            fraction = (double) done / totalItems;
        } else {
            return java.util.Optional.empty();
        }
        if (fraction <= 0 || fraction >= 1) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Duration.ofSeconds(Math.round(seconds / fraction - seconds)));
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String duration(Duration left) {
        long s = left.getSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
