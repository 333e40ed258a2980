package io.cerulean.http.pipeline;

import io.cerulean.http.message.AccountUrls;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.metrics.MetricsHandler;
import io.cerulean.http.metrics.RequestMetrics;

/**
 * A request the kernel answers itself, never parsed nor routed by the service: the one place that
 * says which they are. No account, container, queue or table name holds a {@code $}, so none of
 * their paths shadows one.
 *
 * @param kind    which of them
 * @param account the account an account's endpoint ({@code /{account}/$faults}) addresses; null for the others
 */
record KernelRequest(Kind kind, String account) {
    /** The kernel's own answers, each named as the request metrics count it. */
    enum Kind {
        /** A CORS preflight ({@code OPTIONS}), answered from the account's rules. */
        PREFLIGHT(RequestMetrics.PREFLIGHT),
        /** {@code GET /$metrics}, on a port that serves the metrics. */
        SCRAPE(RequestMetrics.SCRAPE),
        /** {@code /{account}/$faults} ({@link FaultEndpoint}). */
        FAULTS(RequestMetrics.FAULTS),
        /** {@code /{account}/$reset} ({@link ResetEndpoint}). */
        RESET(RequestMetrics.RESET);

        private final String operationName;

        Kind(String operationName) {
            this.operationName = operationName;
        }

        /** The operation label its answers are counted under. */
        String operationName() {
            return operationName;
        }
    }

    private static final String FAULTS_SUFFIX = "/$faults";
    private static final String RESET_SUFFIX = "/$reset";

    /** What the kernel answers of {@code request}, or null when the service does. */
    static KernelRequest of(AzureRequest request, AccountUrls urls, boolean servesMetrics) {
        if (request.method().equals("OPTIONS")) {
            return new KernelRequest(Kind.PREFLIGHT, null);
        }
        String path = request.rawPath();
        if (servesMetrics && path.equals(MetricsHandler.PATH) && request.method().equals("GET")) {
            return new KernelRequest(Kind.SCRAPE, null);
        }
        if (path.endsWith(FAULTS_SUFFIX)) {
            return ofAccount(Kind.FAULTS, request, urls, FAULTS_SUFFIX);
        }
        return path.endsWith(RESET_SUFFIX) ? ofAccount(Kind.RESET, request, urls, RESET_SUFFIX) : null;
    }

    /** An account's endpoint: {@code /{account}{suffix}} path-style, nothing between; else the service's. */
    private static KernelRequest ofAccount(Kind kind, AzureRequest request, AccountUrls urls, String suffix) {
        String path = urls.pathStyle(request);
        int end = path.length() - suffix.length();
        return end > 1 && path.indexOf('/', 1) == end ? new KernelRequest(kind, path.substring(1, end)) : null;
    }
}
