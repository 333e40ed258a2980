package io.cerulean.app;

import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.requestlog.RequestLogFormat;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The request log's options of {@code cerulean serve}: where, and in which format. */
final class LogOptions {
    @Option(names = "--request-log", paramLabel = "off|stdout|FILE",
            defaultValue = "${env:CERULEAN_REQUEST_LOG:-off}",
            description = "One line per request (method, path without SAS signatures, status, error code, duration, "
                    + "request id): off, stdout, or a file to append to (env CERULEAN_REQUEST_LOG; "
                    + "default ${DEFAULT-VALUE}).")
    String requestLog;

    @Option(names = "--request-log-format", paramLabel = "clf|json",
            defaultValue = "${env:CERULEAN_REQUEST_LOG_FORMAT:-clf}",
            description = "The request log's lines: clf (the Common Log Format, then request id, error code and "
                    + "milliseconds) or json, one object a line (env CERULEAN_REQUEST_LOG_FORMAT; "
                    + "default ${DEFAULT-VALUE}).")
    String requestLogFormat;

    /**
     * The request log these options ask for, opened.
     *
     * @throws IllegalArgumentException for an unknown format, or a file that cannot be appended to
     */
    RequestLog open() {
        RequestLogFormat format = RequestLogFormat.parse(requestLogFormat);
        String where = requestLog == null ? "off" : requestLog.trim();
        if (where.isEmpty() || where.equals("off")) {
            return RequestLog.OFF;
        }
        if (where.equals("stdout") || where.equals("-")) {
            return RequestLog.stdout(format);
        }
        try {
            return RequestLog.file(Path.of(where), format);
        } catch (java.io.UncheckedIOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
