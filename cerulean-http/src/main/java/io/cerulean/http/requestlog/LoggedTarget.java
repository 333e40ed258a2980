package io.cerulean.http.requestlog;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The path and query a log line shows. A SAS's signature is a bearer credential: anyone who reads
 * it may use the SAS until it expires, so its value is never written, only that it was there.
 */
final class LoggedTarget {
    static final String REDACTED = "REDACTED";

    private LoggedTarget() {
    }

    static String of(String path, Map<String, List<String>> query) {
        String shown = path == null ? "-" : path;
        if (query.isEmpty()) {
            return shown;
        }
        StringBuilder target = new StringBuilder(shown.length() + 64).append(shown);
        char separator = '?';
        for (Map.Entry<String, List<String>> parameter : query.entrySet()) {
            boolean secret = parameter.getKey().equalsIgnoreCase("sig");
            for (String value : parameter.getValue()) {
                target.append(separator).append(encode(parameter.getKey())).append('=')
                        .append(secret ? REDACTED : encode(value));
                separator = '&';
            }
        }
        return target.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
