package io.cerulean.http.cors;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One CORS rule of an account's service properties, in the canonical form the service writes
 * back (Get Service Properties): list items trimmed and joined by commas, methods in upper
 * case.
 *
 * <p>The constructor holds the limits of Set Service Properties, each a 400
 * InvalidXmlNodeValue: 1 to 64 allowed origins of at most 256 characters, at least one method among
 * those the service supports, header lists within {@link HeaderNames}' limits, a max age that is not
 * negative.
 *
 * <p>Matching follows "CORS support for the Azure Storage services": the origin must be listed
 * exactly (case-sensitive) or the rule must allow {@code *}; the method must be listed.
 */
public record CorsRule(List<String> allowedOrigins, List<String> allowedMethods, HeaderNames allowedHeaders,
                       HeaderNames exposedHeaders, int maxAgeInSeconds) {
    /** The methods a rule may allow: those of the storage REST APIs. */
    public static final Set<String> METHODS = Set.of("DELETE", "GET", "HEAD", "MERGE", "POST", "OPTIONS", "PUT",
            "PATCH");
    static final String ANY_ORIGIN = "*";
    static final int MAX_ORIGINS = 64;
    static final int MAX_ORIGIN_LENGTH = 256;

    public CorsRule {
        allowedOrigins = List.copyOf(allowedOrigins);
        allowedMethods = List.copyOf(allowedMethods);
        if (allowedOrigins.isEmpty() || allowedOrigins.size() > MAX_ORIGINS) {
            throw invalid("A rule must allow 1 to " + MAX_ORIGINS + " origins.");
        }
        for (String origin : allowedOrigins) {
            if (origin.isEmpty() || origin.length() > MAX_ORIGIN_LENGTH) {
                throw invalid("An allowed origin must have 1 to " + MAX_ORIGIN_LENGTH + " characters.");
            }
        }
        if (allowedMethods.isEmpty()) {
            throw invalid("A rule must allow at least one method.");
        }
        for (String method : allowedMethods) {
            if (!METHODS.contains(method)) {
                throw invalid("'" + method + "' is not a method a rule may allow; the methods are "
                        + "DELETE, GET, HEAD, MERGE, POST, OPTIONS, PUT and PATCH.");
            }
        }
        if (allowedHeaders == null || exposedHeaders == null) {
            throw new NullPointerException("allowedHeaders and exposedHeaders are required");
        }
        if (maxAgeInSeconds < 0) {
            throw invalid("MaxAgeInSeconds must not be negative.");
        }
    }

    /**
     * A rule from the five comma-separated values of a {@code CorsRule} element, read as the service
     * reads them: items trimmed, empty items dropped, methods in any case.
     */
    public static CorsRule parse(String origins, String methods, String headers, String exposed, String maxAge) {
        List<String> upperMethods = items(methods).stream().map(m -> m.toUpperCase(Locale.ROOT)).toList();
        int seconds;
        try {
            seconds = Integer.parseInt(maxAge.trim());
        } catch (NumberFormatException e) {
            throw invalid("MaxAgeInSeconds must be a whole number of seconds.");
        }
        return new CorsRule(items(origins), upperMethods, HeaderNames.parse(headers), HeaderNames.parse(exposed),
                seconds);
    }

    /** Whether the rule lets any origin in, in which case responses say {@code *} rather than the origin. */
    public boolean allowsAnyOrigin() {
        return allowedOrigins.contains(ANY_ORIGIN);
    }

    /**
     * Whether a request from {@code origin} with {@code method} selects this rule. A {@code null}
     * origin (no Origin header) is let in only by a rule that allows any origin.
     */
    public boolean matches(String origin, String method) {
        boolean originAllowed = allowsAnyOrigin() || origin != null && allowedOrigins.contains(origin);
        return originAllowed && allowedMethods.contains(method.toUpperCase(Locale.ROOT));
    }

    /** The characters of the rule's settings without XML tags, which the service limits across all rules. */
    int settingsLength() {
        return String.join(",", allowedOrigins).length() + String.join(",", allowedMethods).length()
                + allowedHeaders.text().length() + exposedHeaders.text().length()
                + Integer.toString(maxAgeInSeconds).length();
    }

    static List<String> items(String commaSeparated) {
        List<String> items = new ArrayList<>();
        for (String item : commaSeparated.split(",")) {
            String trimmed = item.trim();
            if (!trimmed.isEmpty()) {
                items.add(trimmed);
            }
        }
        return items;
    }

    /** A rule setting the service refuses: 400 InvalidXmlNodeValue, saying what is wrong. */
    static ServiceException invalid(String detail) {
        return new ServiceException(CommonError.INVALID_XML_NODE_VALUE,
                CommonError.INVALID_XML_NODE_VALUE.message() + " " + detail);
    }
}
