package io.cerulean.http.requestlog;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How a request log line reads. */
public enum RequestLogFormat {
    /**
     * The Common Log Format, then the request id, the error code and the duration in
     * milliseconds, {@code -} where there is none:
     * {@code 127.0.0.1 - - [25/Nov/2026:20:32:10 +0000] "GET /devstoreaccount1/Tables HTTP/1.1" 200 152
     * 1c0b2a3e-... - 0.412}
     */
    CLF {
        @Override
        String format(RequestLogEntry entry) {
            StringBuilder line = new StringBuilder(160);
            line.append(orDash(entry.clientAddress())).append(" - - [")
                    .append(CLF_TIME.format(Instant.ofEpochMilli(entry.epochMillis()))).append("] \"")
                    .append(orDash(entry.method())).append(' ')
                    .append(quotable(LoggedTarget.of(entry.path(), entry.query()))).append(" HTTP/1.1\" ")
                    .append(entry.status()).append(' ').append(entry.responseBytes()).append(' ')
                    .append(entry.requestId()).append(' ').append(orDash(entry.errorCode())).append(' ')
                    .append(millis(entry.durationNanos()));
            return line.toString();
        }
    },
    /**
     * One JSON object a line: {@code time}, {@code client}, {@code method}, {@code path} (with its
     * query), {@code status}, {@code errorCode} (absent on success), {@code durationMs},
     * {@code requestId}, {@code bytes}.
     */
    JSON {
        @Override
        String format(RequestLogEntry entry) {
            StringBuilder line = new StringBuilder(220).append("{\"time\":\"")
                    .append(Instant.ofEpochMilli(entry.epochMillis())).append('"');
            string(line, "client", entry.clientAddress());
            string(line, "method", entry.method());
            string(line, "path", LoggedTarget.of(entry.path(), entry.query()));
            line.append(",\"status\":").append(entry.status());
            string(line, "errorCode", entry.errorCode());
            line.append(",\"durationMs\":").append(millis(entry.durationNanos()));
            string(line, "requestId", entry.requestId());
            return line.append(",\"bytes\":").append(entry.responseBytes()).append('}').toString();
        }
    };

    private static final DateTimeFormatter CLF_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(ZoneOffset.UTC);

    abstract String format(RequestLogEntry entry);

    /** {@code clf} or {@code json}, as the command line spells them. */
    public static RequestLogFormat parse(String name) {
        for (RequestLogFormat format : values()) {
            if (format.name().equalsIgnoreCase(name)) {
                return format;
            }
        }
        throw new IllegalArgumentException("the request log format is clf or json, not " + name);
    }

    private static String orDash(String value) {
        return value == null || value.isEmpty() ? "-" : value;
    }

    /** A raw path may hold any byte a client sent: none may end the quoted request or the line. */
    private static String quotable(String text) {
        StringBuilder quoted = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean escape = c == '"' || c == '\\' || c < 0x20 || c == 0x7f;
            if (escape && quoted == null) {
                quoted = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (quoted != null) {
                if (escape) {
                    quoted.append(String.format("\\x%02x", (int) c));
                } else {
                    quoted.append(c);
                }
            }
        }
        return quoted == null ? text : quoted.toString();
    }

    /** Milliseconds with three decimals: requests served from memory take well under one. */
    private static String millis(long nanos) {
        long micros = nanos / 1_000;
        long fraction = micros % 1_000;
        return micros / 1_000 + "." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + fraction;
    }

    /** A member, left out when the value is null; quotes, backslashes and control characters escaped. */
    private static void string(StringBuilder line, String name, String value) {
        if (value == null) {
            return;
        }
        line.append(",\"").append(name).append("\":\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                line.append('\\').append(c);
            } else if (c < 0x20) {
                line.append(String.format("\\u%04x", (int) c));
            } else {
                line.append(c);
            }
        }
        line.append('"');
    }
}
