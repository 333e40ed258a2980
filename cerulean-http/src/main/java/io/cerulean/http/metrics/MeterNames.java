package io.cerulean.http.metrics;

/**
 * The names of the request meters, as Micrometer takes them; Prometheus sees them with underscores and
 * their unit ({@code cerulean_requests_seconds}, {@code cerulean_request_errors_total},
 * {@code cerulean_request_received_bytes_total}, {@code cerulean_request_sent_bytes_total},
 * {@code cerulean_requests_in_flight}). The dashboard and the store's metrics rely on them: renaming one
 * breaks both.
 */
public final class MeterNames {
    public static final String REQUESTS = "cerulean.requests";
    public static final String ERRORS = "cerulean.request.errors";
    public static final String RECEIVED = "cerulean.request.received";
    public static final String SENT = "cerulean.request.sent";
    public static final String IN_FLIGHT = "cerulean.requests.in.flight";

    private MeterNames() {
    }
}
