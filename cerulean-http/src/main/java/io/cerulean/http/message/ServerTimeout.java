package io.cerulean.http.message;

import java.time.Duration;
import java.util.Optional;

/**
 * The REST {@code timeout} query parameter, which every operation of every service takes: the
 * seconds the server may spend on the request, counted from its arrival. A whole number of at
 * least 0 (the services' schema); anything else is 400 InvalidQueryParameterValue. A value over
 * what the operation allows is served as that most ({@code max}), as the services reduce it; 0 is
 * already spent, so the operation is answered 500 OperationTimedOut without running.
 */
public final class ServerTimeout {
    public static final String PARAMETER = "timeout";
    /** What the services allow most operations: 30 seconds. */
    public static final Duration DEFAULT_MAX = Duration.ofSeconds(30);

    private ServerTimeout() {
    }

    /**
     * The limit the request asked for, at most {@code max}; empty when it asked for none.
     *
     * @throws io.cerulean.common.error.ServiceException 400 InvalidQueryParameterValue for a value
     *         that is not a whole number of at least 0
     */
    public static Optional<Duration> of(AzureRequest request, Duration max) {
        String text = request.queryParameter(PARAMETER);
        if (text == null) {
            return Optional.empty();
        }
        long seconds;
        try {
            seconds = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw QueryParameters.invalid(PARAMETER, text, "Value must be a whole number of seconds.");
        }
        if (seconds < 0) {
            throw QueryParameters.invalid(PARAMETER, text, "Value must be 0 or greater.");
        }
        return Optional.of(seconds >= max.toSeconds() ? max : Duration.ofSeconds(seconds));
    }

    /**
     * The request, due by the limit its {@code timeout} asks for (at most {@code max}) from its arrival;
     * as it is when it asks for none, or when it is due sooner already (a request carried in another's
     * body is due when its carrier is).
     *
     * @throws io.cerulean.common.error.ServiceException 400 InvalidQueryParameterValue as {@link #of}
     */
    public static AzureRequest timed(AzureRequest request, Duration max) {
        Optional<Duration> limit = of(request, max);
        if (limit.isEmpty() || limit.get().toNanos() >= request.deadline().limitNanos()) {
            return request;
        }
        return request.withDeadline(request.deadline().within(limit.get()));
    }
}
