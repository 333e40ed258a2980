package io.cerulean.http.requestlog;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Where answered requests are recorded, one line each. {@link #OFF} records nothing, and the
 * pipeline does not even build an entry for it. Implementations must not block the caller: it may
 * be an event loop.
 */
public interface RequestLog extends AutoCloseable {
    /** No request log (the default). */
    RequestLog OFF = new RequestLog() {
        @Override
        public void record(RequestLogEntry entry) {
        }

        @Override
        public void close() {
        }

        @Override
        public String toString() {
            return "off";
        }
    };

    /** Records one answered request; returns at once. */
    void record(RequestLogEntry entry);

    /** Whether its entries should carry {@link RequestFacts}; false by default, sparing their cost. */
    default boolean wantsFacts() {
        return false;
    }

    /** Both logs record every answer; {@code OFF} stands for none. Closing it closes both. */
    static RequestLog both(RequestLog first, RequestLog second) {
        if (first == OFF) {
            return second;
        }
        if (second == OFF) {
            return first;
        }
        return new RequestLog() {
            @Override
            public void record(RequestLogEntry entry) {
                first.record(entry);
                second.record(entry);
            }

            @Override
            public boolean wantsFacts() {
                return first.wantsFacts() || second.wantsFacts();
            }

            @Override
            public void close() {
                try {
                    first.close();
                } finally {
                    second.close();
                }
            }

            @Override
            public String toString() {
                return first + " and " + second;
            }
        };
    }

    /** Writes what is still queued, then stops; a file is closed, standard output is flushed. */
    @Override
    void close();

    /** Lines to standard output. */
    static RequestLog stdout(RequestLogFormat format) {
        return new BackgroundRequestLog(System.out, false, format, "standard output");
    }

    /**
     * Lines appended to {@code file}, which is created if needed.
     *
     * @throws UncheckedIOException when the file cannot be opened for appending, with the reason
     */
    static RequestLog file(Path file, RequestLogFormat format) {
        OutputStream out;
        try {
            out = new FileOutputStream(file.toFile(), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the request log " + file + ": " + e.getMessage(), e);
        }
        return new BackgroundRequestLog(out, true, format, file.toString());
    }
}
