package io.cerulean.http.metrics;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The meters of one operation of one service, registered once: a timer per status class (made the first
 * time an answer of that class is counted, so that only classes seen have series), the bytes in and
 * out, and a counter per error code answered. Thread-safe.
 */
public final class OperationMeters {
    /**
     * The histogram's buckets: from half a millisecond (a point read on the event loop) to 10 seconds
     * (a long upload), about two to three a decade, so that {@code histogram_quantile} is within a bucket's
     * width. No percentile is computed in the server.
     */
    static final Duration[] BUCKETS = {Duration.ofNanos(500_000), Duration.ofMillis(1), Duration.ofMillis(2),
            Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
            Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
            Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10)};
    private static final String[] STATUS_CLASSES = {"2xx", "3xx", "4xx", "5xx"};
    /** What an error answer without {@code x-ms-error-code} is counted as. */
    static final String NO_ERROR_CODE = "None";
    /**
     * Error codes counted apart per operation at most: the catalogues hold fewer, so this only bounds
     * the series should a code ever come from elsewhere; past it, codes are counted as {@code Other}.
     */
    private static final int MAX_ERROR_CODES = 128;

    private final MeterRegistry registry;
    private final String service;
    private final String operation;
    private final AtomicInteger inFlight;
    private final AtomicReferenceArray<Timer> timers = new AtomicReferenceArray<>(STATUS_CLASSES.length);
    private final Counter received;
    private final Counter sent;
    private final Map<String, Counter> errors = new ConcurrentHashMap<>();

    OperationMeters(MeterRegistry registry, String service, String operation, AtomicInteger inFlight) {
        this.registry = registry;
        this.service = service;
        this.operation = operation;
        this.inFlight = inFlight;
        this.received = Counter.builder(MeterNames.RECEIVED).baseUnit("bytes")
                .description("request body bytes received").tags("service", service, "operation", operation)
                .register(registry);
        this.sent = Counter.builder(MeterNames.SENT).baseUnit("bytes")
                .description("response body bytes sent").tags("service", service, "operation", operation)
                .register(registry);
    }

    /** The operation's label. */
    public String operation() {
        return operation;
    }

    /**
     * Counts an answer out of the requests in flight ({@link RequestMetrics#started()}) and records it.
     *
     * @param nanos         from the request's arrival to its answer
     * @param receivedBytes the request's buffered body bytes (a streamed body counts itself: {@link #counting})
     * @param sentBytes     the answer's body bytes (none to a HEAD)
     */
    public void answered(long nanos, AzureResponse response, long receivedBytes, long sentBytes) {
        inFlight.decrementAndGet();
        refused(nanos, response, receivedBytes, sentBytes);
    }

    /** Records an answer to a request that was never counted in flight (refused before it was read whole). */
    public void refused(long nanos, AzureResponse response, long receivedBytes, long sentBytes) {
        int statusClass = RequestMetrics.statusClass(response);
        if (statusClass < 0) {
            return; // no answer: the connection was closed in its place
        }
        timer(statusClass).record(nanos, TimeUnit.NANOSECONDS);
        if (receivedBytes > 0) {
            received.increment(receivedBytes);
        }
        if (sentBytes > 0) {
            sent.increment(sentBytes);
        }
        if (statusClass >= 2) {
            String code = errorCode(response);
            Counter counter = errors.get(code);
            if (counter == null) {
                counter = errors.computeIfAbsent(errors.size() < MAX_ERROR_CODES ? code : "Other", this::errorCounter);
            }
            counter.increment();
        }
    }

    /** {@code sink}, counting the bytes poured into it as they arrive, whatever becomes of the request. */
    public BodySink counting(BodySink sink) {
        return new BodySink() {
            @Override
            public void write(ByteBuffer piece) {
                received.increment(piece.remaining());
                sink.write(piece);
            }

            @Override
            public void close() {
                sink.close();
            }
        };
    }

    private Timer timer(int statusClass) {
        Timer timer = timers.get(statusClass);
        if (timer == null) {
            timer = Timer.builder(MeterNames.REQUESTS).description("requests answered, from arrival to answer")
                    .tags("service", service, "operation", operation, "status_class", STATUS_CLASSES[statusClass])
                    .serviceLevelObjectives(BUCKETS).register(registry);
            timers.compareAndSet(statusClass, null, timer); // the registry returns the same timer to a racer
        }
        return timer;
    }

    private Counter errorCounter(String code) {
        return Counter.builder(MeterNames.ERRORS).description("error answers, by the x-ms-error-code answered")
                .tags("service", service, "operation", operation, "error_code", code).register(registry);
    }

    private static String errorCode(AzureResponse response) {
        for (Map.Entry<String, String> header : response.headers()) {
            if (header.getKey().equalsIgnoreCase("x-ms-error-code")) {
                return header.getValue();
            }
        }
        return NO_ERROR_CODE;
    }
}
