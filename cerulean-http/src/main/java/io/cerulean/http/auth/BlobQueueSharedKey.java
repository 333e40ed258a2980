package io.cerulean.http.auth;

import io.cerulean.http.message.AzureRequest;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What a client signs with Shared Key for the Blob and Queue services (version 2009-09-19 and later):
 *
 * <pre>
 * SharedKey:     VERB \n Content-Encoding \n Content-Language \n Content-Length \n Content-MD5 \n
 *                Content-Type \n Date \n If-Modified-Since \n If-Match \n If-None-Match \n
 *                If-Unmodified-Since \n Range \n CanonicalizedHeaders CanonicalizedResource
 * SharedKeyLite: VERB \n Content-MD5 \n Content-Type \n Date \n CanonicalizedHeaders CanonicalizedResource
 *
 * CanonicalizedHeaders  = per x-ms-* header, by lower-cased name: name ":" value "\n"
 *                         (whitespace runs folded to one space, repeated headers joined with ",")
 * CanonicalizedResource = "/" account + path as sent (still encoded), then per query parameter, by
 *                         lower-cased name: "\n" name ":" its decoded values, sorted, joined with ","
 *                         (Lite: only "?comp=" value, when there is a comp)
 * </pre>
 *
 * Path-style URLs put the account in the path too, so it appears twice. Clients differ in small
 * ways, so each variant a real client produces is listed: the Date line empty when {@code x-ms-date}
 * is sent (as the SDKs do), or the Date header's value when there is one, a zero Content-Length as "" (version
 * 2015-02-21 on) or "0" (before), and the {@code -secondary} account's path as called or with the
 * primary's name.
 */
public final class BlobQueueSharedKey implements StringsToSign {
    public static final BlobQueueSharedKey INSTANCE = new BlobQueueSharedKey();
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private BlobQueueSharedKey() {
    }

    @Override
    public List<String> of(AzureRequest request, String account, boolean lite) {
        String headers = canonicalizedHeaders(request);
        // The Date line is empty when x-ms-date is sent, which is signed among the x-ms- headers; without
        // it the Date header must be signed, or a date no signature covers would pass the clock check.
        Set<String> dates = new LinkedHashSet<>();
        if (request.header("x-ms-date") != null) {
            dates.add("");
        }
        if (request.header("Date") != null) {
            dates.add(request.header("Date"));
        }
        if (dates.isEmpty()) {
            dates.add(""); // no date at all: a signature may still match, and the date check then says what is missing
        }
        String length = nullToEmpty(request.header("Content-Length"));
        Set<String> lengths = new LinkedHashSet<>();
        lengths.add(length.equals("0") ? "" : length);
        lengths.add(length);
        List<String> result = new ArrayList<>();
        for (String path : paths(request.rawPath(), account)) {
            String resource = "/" + account + path + (lite ? liteQuery(request) : canonicalizedQuery(request));
            for (String date : dates) {
                if (lite) {
                    result.add(request.method() + "\n" + header(request, "Content-MD5") + header(request, "Content-Type")
                            + date + "\n" + headers + resource);
                    continue;
                }
                for (String contentLength : lengths) {
                    result.add(request.method() + "\n" + header(request, "Content-Encoding")
                            + header(request, "Content-Language") + contentLength + "\n"
                            + header(request, "Content-MD5") + header(request, "Content-Type") + date + "\n"
                            + header(request, "If-Modified-Since") + header(request, "If-Match")
                            + header(request, "If-None-Match") + header(request, "If-Unmodified-Since")
                            + header(request, "Range") + headers + resource);
                }
            }
        }
        return result;
    }

    /** The path as called, and for the secondary account also with the primary's name, as .NET and JavaScript sign it. */
    private static Set<String> paths(String rawPath, String account) {
        Set<String> paths = new LinkedHashSet<>();
        paths.add(rawPath);
        String secondaryPrefix = "/" + account + "-secondary";
        if (rawPath.startsWith(secondaryPrefix)) {
            paths.add("/" + account + rawPath.substring(secondaryPrefix.length()));
        }
        return paths;
    }

    static String canonicalizedHeaders(AzureRequest request) {
        Map<String, List<String>> byName = new TreeMap<>();
        for (Map.Entry<String, String> header : request.headers()) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (name.startsWith("x-ms-")) {
                byName.computeIfAbsent(name, n -> new ArrayList<>()).add(unfold(header.getValue()));
            }
        }
        StringBuilder canonical = new StringBuilder();
        byName.forEach((name, values) -> canonical.append(name).append(':').append(String.join(",", values)).append('\n'));
        return canonical.toString();
    }

    private static String canonicalizedQuery(AzureRequest request) {
        Map<String, List<String>> byName = new TreeMap<>();
        request.query().forEach((name, values) -> byName.computeIfAbsent(name.toLowerCase(Locale.ROOT),
                n -> new ArrayList<>()).addAll(values));
        StringBuilder canonical = new StringBuilder();
        byName.forEach((name, values) -> {
            List<String> sorted = new ArrayList<>(values);
            sorted.sort(null);
            canonical.append('\n').append(name).append(':').append(String.join(",", sorted));
        });
        return canonical.toString();
    }

    private static String liteQuery(AzureRequest request) {
        String comp = request.queryParameter("comp");
        return comp == null ? "" : "?comp=" + comp;
    }

    /** Runs of whitespace folded to one space, and trimmed; what a client signs of a header's value. */
    /** A header value as signed: trimmed, each run of whitespace one space (a regex only when there is such a run). */
    private static String unfold(String value) {
        String trimmed = value.trim();
        for (int i = 0; i < trimmed.length(); i++) {
            char c = trimmed.charAt(i);
            if (isWhitespace(c) && (c != ' ' || isWhitespace(trimmed.charAt(i + 1)))) {
                return WHITESPACE.matcher(trimmed).replaceAll(" ");
            }
        }
        return trimmed;
    }

    /** What {@code \\s} matches. */
    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static String header(AzureRequest request, String name) {
        return nullToEmpty(request.header(name)) + "\n";
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
