package io.cerulean.http.cors;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The AllowedHeaders or the ExposedHeaders of a CORS rule: header names, each either literal
 * ({@code x-ms-meta-processed}) or a prefix ending in {@code *} ({@code x-ms-meta-*}; a lone
 * {@code *} is the empty prefix, so any header). Names compare without regard to case, as HTTP
 * header names do. The list may be empty: the service accepts an empty element.
 *
 * <p>The constructor holds the limits of Set Service Properties: at most 64 literal names and
 * 2 prefixes, none longer than 256 characters; anything else is 400 InvalidXmlNodeValue.
 */
public record HeaderNames(List<String> names) {
    static final int MAX_LITERALS = 64;
    static final int MAX_PREFIXES = 2;
    static final int MAX_LENGTH = 256;

    public HeaderNames {
        names = List.copyOf(names);
        int literals = 0;
        int prefixes = 0;
        for (String name : names) {
            if (name.isEmpty() || name.length() > MAX_LENGTH) {
                throw CorsRule.invalid("A header name must have 1 to " + MAX_LENGTH + " characters.");
            }
            if (isPrefix(name)) {
                prefixes++;
            } else {
                literals++;
            }
        }
        if (literals > MAX_LITERALS || prefixes > MAX_PREFIXES) {
            throw CorsRule.invalid("A rule may name at most " + MAX_LITERALS + " headers and " + MAX_PREFIXES
                    + " header prefixes.");
        }
    }

    /** The names of a comma-separated list as the service reads it: items trimmed, empty items dropped. */
    public static HeaderNames parse(String commaSeparated) {
        return new HeaderNames(CorsRule.items(commaSeparated));
    }

    /** Whether {@code header} is named, literally or by a prefix. */
    public boolean allows(String header) {
        String lower = header.toLowerCase(Locale.ROOT);
        for (String name : names) {
            String candidate = name.toLowerCase(Locale.ROOT);
            if (isPrefix(candidate) ? lower.startsWith(candidate.substring(0, candidate.length() - 1))
                    : lower.equals(candidate)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every one of {@code headers} is named (true for none). */
    public boolean allowsAll(List<String> headers) {
        return headers.stream().allMatch(this::allows);
    }

    /**
     * What {@code Access-Control-Expose-Headers} lists for a response carrying {@code responseHeaders}:
     * each response header this list names (a prefix stands for the headers it matches), in the
     * response's order, then the literal names the response does not carry. Each name once.
     */
    public List<String> exposedOf(List<String> responseHeaders) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> exposed = new ArrayList<>();
        for (String header : responseHeaders) {
            if (allows(header) && seen.add(header.toLowerCase(Locale.ROOT))) {
                exposed.add(header);
            }
        }
        for (String name : names) {
            if (!isPrefix(name) && seen.add(name.toLowerCase(Locale.ROOT))) {
                exposed.add(name);
            }
        }
        return exposed;
    }

    /** The list as the service writes it back: names joined by commas. */
    public String text() {
        return String.join(",", names);
    }

    private static boolean isPrefix(String name) {
        return name.endsWith("*");
    }
}
