package io.cerulean.bench.client;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Shared Key (not Lite) in the Blob service's form, as the current SDKs sign:
 * {@code VERB}, {@code Content-Encoding}, {@code Content-Language}, {@code Content-Length} (empty
 * when 0), {@code Content-MD5}, {@code Content-Type}, {@code Date} (empty: {@code x-ms-date} is
 * sent), the four conditional headers and {@code Range}, each followed by a newline; then the
 * {@code x-ms-*} headers (lower-cased, sorted, {@code name:value\n}); then {@code "/" + account}
 * and the path exactly as sent (a path-style URL names the account twice), and every query
 * parameter as {@code \nname:value}, names lower-cased and sorted, values percent-decoded. The
 * bench sends none of the optional standard headers and asks for ranges with {@code x-ms-range},
 * so those lines are empty. Thread-safe.
 */
public final class SharedKey {
    private final String account;
    private final String scheme;
    private final Hmac hmac;

    /** @throws IllegalArgumentException when the key is not base64 */
    public SharedKey(String account, String base64Key) {
        this.account = account;
        this.scheme = "SharedKey " + account + ":";
        this.hmac = new Hmac(base64Key);
    }

    /**
     * The Authorization header value of a Blob request.
     *
     * @param contentLength the Content-Length sent
     * @param contentType   the Content-Type sent, or null when there is none
     * @param msHeaders     every {@code x-ms-*} header sent, by name
     */
    public String authorization(String method, long contentLength, String contentType,
                                Map<String, String> msHeaders, String rawPathAndQuery) {
        return scheme + sign(stringToSign(method, contentLength, contentType, msHeaders, account, rawPathAndQuery));
    }

    /** The documented Blob string to sign for a request with none of the optional standard headers. */
    public static String stringToSign(String method, long contentLength, String contentType,
                                      Map<String, String> msHeaders, String account, String rawPathAndQuery) {
        StringBuilder sts = new StringBuilder(256).append(method).append('\n')
                .append('\n')                                                   // Content-Encoding
                .append('\n')                                                   // Content-Language
                .append(contentLength == 0 ? "" : Long.toString(contentLength)).append('\n')
                .append('\n')                                                   // Content-MD5
                .append(contentType == null ? "" : contentType).append('\n')
                .append("\n\n\n\n\n\n");                                        // Date, If-*, Range
        SortedMap<String, String> headers = new TreeMap<>();
        msHeaders.forEach((name, value) -> headers.put(name.toLowerCase(Locale.ROOT),
                value.trim().replaceAll("\\s+", " ")));
        headers.forEach((name, value) -> sts.append(name).append(':').append(value).append('\n'));
        int q = rawPathAndQuery.indexOf('?');
        sts.append('/').append(account).append(q < 0 ? rawPathAndQuery : rawPathAndQuery.substring(0, q));
        if (q >= 0) {
            SortedMap<String, List<String>> parameters = new TreeMap<>();
            for (String parameter : rawPathAndQuery.substring(q + 1).split("&")) {
                if (parameter.isEmpty()) {
                    continue;
                }
                int eq = parameter.indexOf('=');
                String name = decode(eq < 0 ? parameter : parameter.substring(0, eq)).toLowerCase(Locale.ROOT);
                parameters.computeIfAbsent(name, n -> new ArrayList<>()).add(eq < 0 ? "" : decode(parameter.substring(eq + 1)));
            }
            parameters.forEach((name, values) -> {
                values.sort(null);
                sts.append('\n').append(name).append(':').append(String.join(",", values));
            });
        }
        return sts.toString();
    }

    /** Base64 of HMAC-SHA256 over the UTF-8 bytes. */
    public String sign(String stringToSign) {
        return hmac.sign(stringToSign);
    }

    /** Percent-decoding of a query part; '+' stays '+', as the service reads it. */
    static String decode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                out.write(Integer.parseInt(s, i + 1, i + 3, 16));
                i += 2;
            } else {
                byte[] bytes = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(bytes, 0, bytes.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
