package io.cerulean.http.cors;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AccountUrls;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies an account's CORS rules as the service does ("CORS support for the Azure Storage
 * services", "Preflight Table Request" and its Blob and Queue twins). CORS is evaluated for the
 * account's service as a whole, never for the resource a path names, and is not an authorization:
 * it only says what a browser may read.
 * <ul>
 *   <li>{@link #preflight}: an {@code OPTIONS} request, anonymous. 200 with the {@code Access-Control-*}
 *       headers when a rule allows the origin, the method and every requested header; 403
 *       CorsPreflightFailure when none does; 400 when Origin or Access-Control-Request-Method is
 *       missing.</li>
 *   <li>{@link #decorate}: any other response, errors included, gets the headers of the first rule
 *       matching its origin and method, and nothing when none does. {@code Vary: Origin} is set on
 *       GET and HEAD responses only (other methods' responses are not cached by user agents): when a
 *       rule matched the exact origin, and when rules exist but none matched.</li>
 * </ul>
 * Thread-safe if the rule source is.
 */
public final class CorsPolicy {
    private static final Logger log = LoggerFactory.getLogger(CorsPolicy.class);
    static final String ORIGIN = "Origin";
    static final String REQUEST_METHOD = "Access-Control-Request-Method";
    static final String REQUEST_HEADERS = "Access-Control-Request-Headers";
    static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
    static final String ALLOW_METHODS = "Access-Control-Allow-Methods";
    static final String ALLOW_HEADERS = "Access-Control-Allow-Headers";
    static final String ALLOW_CREDENTIALS = "Access-Control-Allow-Credentials";
    static final String MAX_AGE = "Access-Control-Max-Age";
    static final String EXPOSE_HEADERS = "Access-Control-Expose-Headers";
    static final String VARY = "Vary";
    private static final String SECONDARY_SUFFIX = "-secondary";

    private final Function<String, CorsRules> rulesOf;
    private final AccountUrls urls;

    /** @param rulesOf an account's current CORS rules, by account name; called once per request */
    public CorsPolicy(Function<String, CorsRules> rulesOf) {
        this(rulesOf, AccountUrls.PATH_STYLE_ONLY);
    }

    /** @param urls where the service's URLs name their account (host-style or path-style) */
    public CorsPolicy(Function<String, CorsRules> rulesOf, AccountUrls urls) {
        this.rulesOf = rulesOf;
        this.urls = urls;
    }

    /** Where the service's URLs name their account: the kernel's own endpoints find it there too. */
    public AccountUrls urls() {
        return urls;
    }

    /**
     * Preflight request: the answer to an {@code OPTIONS} request on any path of an account.
     *
     * @throws ServiceException 400 InvalidHeaderValue without Origin or Access-Control-Request-Method,
     *                               400 InvalidUri for a path naming no account, 403 CorsPreflightFailure
     *                               when no rule allows the request
     */
    public AzureResponse preflight(AzureRequest request) {
        String origin = request.header(ORIGIN);
        String method = request.header(REQUEST_METHOD);
        if (origin == null || origin.isBlank() || method == null || method.isBlank()) {
            throw new ServiceException(CommonError.INVALID_HEADER_VALUE, "A required CORS header is not present.");
        }
        String account = accountOf(urls.pathStyle(request)).orElseThrow(() -> new ServiceException(
                CommonError.INVALID_URI, "The requested URI does not represent any resource on the server: "
                + request.rawPath()));
        method = method.trim();
        List<String> requestedHeaders = requestedHeaders(request);
        CorsRule rule = rulesOf.apply(account).firstMatch(origin, method)
                .filter(r -> r.allowedHeaders().allowsAll(requestedHeaders))
                .orElseThrow(() -> new ServiceException(CommonError.CORS_PREFLIGHT_FAILURE));
        AzureResponse response = AzureResponse.status(200)
                .header(ALLOW_ORIGIN, rule.allowsAnyOrigin() ? CorsRule.ANY_ORIGIN : origin)
                .header(ALLOW_METHODS, method);
        if (!requestedHeaders.isEmpty()) {
            response.header(ALLOW_HEADERS, String.join(",", requestedHeaders));
        }
        response.header(MAX_AGE, Integer.toString(rule.maxAgeInSeconds()));
        if (!rule.allowsAnyOrigin()) {
            response.header(ALLOW_CREDENTIALS, "true");
        }
        return response;
    }

    /** Adds to {@code response} the CORS headers the account's rules call for, and returns it. */
    public AzureResponse decorate(AzureRequest request, AzureResponse response) {
        String origin = request.header(ORIGIN);
        boolean cacheable = request.method().equals("GET") || request.method().equals("HEAD");
        if (origin == null && !cacheable) {
            return response; // not a CORS request, and a response no user agent caches
        }
        Optional<String> account = accountOf(urls.pathStyle(request));
        CorsRules rules = account.isEmpty() ? CorsRules.none() : rulesForResponse(account.get());
        if (rules.isEmpty()) {
            return response;
        }
        Optional<CorsRule> match = rules.firstMatch(origin, request.method());
        if (match.isEmpty()) {
            if (cacheable) {
                response.header(VARY, ORIGIN);
            }
            return response;
        }
        CorsRule rule = match.get();
        List<String> exposed = rule.exposedHeaders().exposedOf(headerNames(response));
        if (rule.allowsAnyOrigin()) {
            response.header(ALLOW_ORIGIN, CorsRule.ANY_ORIGIN);
        } else {
            response.header(ALLOW_ORIGIN, origin).header(ALLOW_CREDENTIALS, "true");
            if (cacheable) {
                response.header(VARY, ORIGIN);
            }
        }
        if (!exposed.isEmpty()) {
            response.header(EXPOSE_HEADERS, String.join(",", exposed));
        }
        return response;
    }

    /**
     * The rules to decorate a response with. The response is already decided; if the rules cannot
     * be read it goes out as it is, without CORS headers, rather than not at all.
     */
    private CorsRules rulesForResponse(String account) {
        try {
            return rulesOf.apply(account);
        } catch (RuntimeException e) {
            log.error("cannot read the CORS rules of account {}; the response goes without CORS headers", account, e);
            return CorsRules.none();
        }
    }

    /** The account a path-style URL addresses: its first segment, without a {@code -secondary} suffix. */
    static Optional<String> accountOf(String rawPath) {
        if (!rawPath.startsWith("/")) {
            return Optional.empty();
        }
        int slash = rawPath.indexOf('/', 1);
        String segment = slash < 0 ? rawPath.substring(1) : rawPath.substring(1, slash);
        if (segment.endsWith(SECONDARY_SUFFIX)) {
            segment = segment.substring(0, segment.length() - SECONDARY_SUFFIX.length());
        }
        return segment.isEmpty() ? Optional.empty() : Optional.of(segment);
    }

    private static List<String> requestedHeaders(AzureRequest request) {
        List<String> names = new ArrayList<>();
        for (String value : request.headers().getAll(REQUEST_HEADERS)) {
            names.addAll(CorsRule.items(value));
        }
        return names;
    }

    /** The names of the headers the response will carry, Content-Length included (the server adds it last). */
    private static List<String> headerNames(AzureResponse response) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, String> header : response.headers()) {
            names.add(header.getKey());
        }
        names.add("Content-Length");
        return names;
    }
}
