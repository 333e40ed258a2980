package io.cerulean.rest.analytics;

import io.cerulean.http.requestlog.RequestFacts;
import io.cerulean.http.requestlog.RequestLogEntry;
import io.cerulean.http.message.PercentEncoding;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One request as a Storage Analytics log line, format version 1.0 ("Storage Analytics log format"):
 * 30 fields separated by ';', in the reference's order, a field Cerulean does not know left empty.
 * The fields that may hold a ';' (URL, object key, MD5s, ETag, conditions, user agent, referrer,
 * client request id) are enclosed in quotes when not empty, a quote within written {@code &quot;}.
 * Times are UTC with seven fractional digits; latencies whole milliseconds.
 */
public final class LogLine {
    public static final String VERSION = "1.0";
    /** Field positions, from 0, of the ones a reader most often looks for. */
    public static final int START_TIME = 1;
    public static final int OPERATION_TYPE = 2;
    public static final int REQUEST_STATUS = 3;
    public static final int HTTP_STATUS = 4;
    public static final int AUTHENTICATION_TYPE = 7;
    public static final int REQUESTER_ACCOUNT = 8;
    public static final int OWNER_ACCOUNT = 9;
    public static final int SERVICE_TYPE = 10;
    public static final int REQUEST_URL = 11;
    public static final int OBJECT_KEY = 12;
    public static final int REQUEST_ID = 13;
    public static final int FIELD_COUNT = 30;

    private static final DateTimeFormatter START = DateTimeFormatter
            .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
    /** The reference's last-modified-time form: {@code Tuesday, 09-Aug-11 21:13:26 GMT}. */
    private static final DateTimeFormatter LAST_MODIFIED = DateTimeFormatter
            .ofPattern("EEEE, dd-MMM-yy HH:mm:ss 'GMT'", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final List<String> CONDITIONS = List.of("if-match", "if-none-match", "if-modified-since",
            "if-unmodified-since");

    private LogLine() {
    }

    /** The line of {@code entry}, which has facts, served by {@code service}; no line end. */
    public static String format(RequestLogEntry entry, AnalyticsService service) {
        RequestFacts facts = entry.facts();
        long millis = Math.round(entry.durationNanos() / 1e6);
        Instant start = Instant.ofEpochMilli(entry.epochMillis()).minusNanos(entry.durationNanos());
        StringBuilder line = new StringBuilder(400);
        line.append(VERSION);
        plain(line, START.format(start));
        plain(line, facts.operation());
        plain(line, RequestStatus.of(entry.status(), entry.errorCode()).nameFor(facts.authType()));
        plain(line, Integer.toString(entry.status()));
        plain(line, Long.toString(millis));
        plain(line, Long.toString(millis));
        plain(line, facts.authType());
        plain(line, facts.authType().equals(RequestStatus.AUTHENTICATED) ? facts.account() : "");
        plain(line, facts.account());
        plain(line, service.logName());
        quoted(line, url(facts, entry));
        quoted(line, objectKey(facts.account(), entry.path()));
        plain(line, entry.requestId());
        plain(line, "0");
        plain(line, entry.clientAddress() == null ? "" : entry.clientAddress());
        plain(line, orEmpty(facts.requestHeader("x-ms-version")));
        plain(line, Long.toString(facts.requestHeaderBytes()));
        plain(line, Long.toString(facts.requestHeaderBytes() + facts.requestBodyBytes()));
        plain(line, Long.toString(facts.responseHeaderBytes()));
        plain(line, Long.toString(facts.responseHeaderBytes() + entry.responseBytes()));
        plain(line, Long.toString(facts.requestBodyBytes()));
        quoted(line, facts.requestHeader("content-md5"));
        quoted(line, facts.responseHeader("content-md5"));
        quoted(line, unquoted(facts.responseHeader("etag")));
        plain(line, lastModified(facts.responseHeader("last-modified")));
        quoted(line, conditions(facts));
        quoted(line, facts.requestHeader("user-agent"));
        quoted(line, facts.requestHeader("referer"));
        quoted(line, facts.requestHeader("x-ms-client-request-id"));
        return line.toString();
    }

    /**
     * The fields of a line of format 1.0, quotes removed and {@code &quot;} read back: what a reader of
     * the logs does.
     */
    public static List<String> fields(String line) {
        List<String> fields = new ArrayList<>(FIELD_COUNT);
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ';' && !quoted) {
                fields.add(field.toString().replace("&quot;", "\""));
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString().replace("&quot;", "\""));
        return fields;
    }

    /** The URL the client sent, its SAS signature ({@code sig}) never written. */
    static String url(RequestFacts facts, RequestLogEntry entry) {
        StringBuilder url = new StringBuilder(128).append(facts.secure() ? "https://" : "http://")
                .append(facts.host() == null ? "" : facts.host()).append(entry.path() == null ? "" : entry.path());
        char separator = '?';
        for (Map.Entry<String, List<String>> parameter : entry.query().entrySet()) {
            for (String value : parameter.getValue()) {
                url.append(separator).append(encode(parameter.getKey())).append('=')
                        .append(parameter.getKey().equalsIgnoreCase("sig") ? "REDACTED" : encode(value));
                separator = '&';
            }
        }
        return url.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** {@code /account/container/blob}, {@code /account/table}: the path of the resource, with its account. */
    public static String objectKey(String account, String rawPath) {
        String path = rawPath == null ? "" : decoded(rawPath);
        String own = "/" + account;
        if (path.equals(own) || path.startsWith(own + "/") || path.startsWith(own + "(")) {
            return path;
        }
        return own + (path.startsWith("/") ? path : "/" + path);
    }

    private static String decoded(String rawPath) {
        try {
            return PercentEncoding.decode(rawPath);
        } catch (RuntimeException e) {
            return rawPath; // answered 400 already; its line shows what was sent
        }
    }

    private static String conditions(RequestFacts facts) {
        StringBuilder used = new StringBuilder();
        for (String name : CONDITIONS) {
            String value = facts.requestHeader(name);
            if (value != null) {
                if (!used.isEmpty()) {
                    used.append(';');
                }
                used.append(canonical(name)).append('=').append(value);
            }
        }
        return used.toString();
    }

    private static String canonical(String name) {
        StringBuilder out = new StringBuilder(name.length());
        boolean upper = true;
        for (char c : name.toCharArray()) {
            out.append(upper ? Character.toUpperCase(c) : c);
            upper = c == '-';
        }
        return out.toString();
    }

    private static String lastModified(String httpDate) {
        if (httpDate == null) {
            return "";
        }
        try {
            return LAST_MODIFIED.format(ZonedDateTime.parse(httpDate, DateTimeFormatter.RFC_1123_DATE_TIME));
        } catch (DateTimeParseException e) {
            return "";
        }
    }

    private static void plain(StringBuilder line, String value) {
        line.append(';').append(clean(value));
    }

    private static void quoted(StringBuilder line, String value) {
        line.append(';');
        if (value != null && !value.isEmpty()) {
            line.append('"').append(clean(value).replace("\"", "&quot;")).append('"');
        }
    }

    /** A line is one line: no value may break it. */
    private static String clean(String value) {
        return value.indexOf('\n') < 0 && value.indexOf('\r') < 0 ? value
                : value.replace('\n', ' ').replace('\r', ' ');
    }

    /** An ETag as the log shows it: within the field's own quotes, not in quotes of its own. */
    private static String unquoted(String etag) {
        return etag != null && etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"")
                ? etag.substring(1, etag.length() - 1) : etag;
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
