package io.cerulean.http.metrics;

import io.cerulean.http.message.AzureResponse;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * One service's request metrics: every answer timed into {@code cerulean_requests_seconds} (a histogram),
 * its body bytes counted in and out, its Azure error code counted, and the requests under way in
 * {@code cerulean_requests_in_flight}. Labels are bounded: the service, the operation (one name per
 * constant of the service's operation enum, or one of {@link #PREFLIGHT},
 * {@link #SCRAPE}, {@link #FAULTS}, {@link #UNKNOWN}), the status class and the error code from the
 * service's catalogue; never an account, table, queue, container or blob name.
 *
 * <p>Cheap on the request path: each operation's meters are registered once, the first time it is
 * answered, and found again by its enum ordinal in an array, so an answer costs a volatile read and
 * a few increments. Thread-safe.
 */
public final class RequestMetrics {
    /** The CORS preflight, answered by the kernel from the account's rules. */
    public static final String PREFLIGHT = "Preflight";
    /** A scrape of {@code /$metrics} on a service's port. */
    public static final String SCRAPE = "$metrics";
    /** {@code /{account}/$faults}, the fault rules' endpoint. */
    public static final String FAULTS = "$faults";
    /** An account wiped ({@code /{account}/$reset}). */
    public static final String RESET = "$reset";
    /** A request that was never routed: its URL, method or HTTP refused before an operation was found. */
    public static final String UNKNOWN = "Unknown";

    private final MeterRegistry registry;
    private final String service;
    private final Function<Object, String> operationName;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final ConcurrentHashMap<String, OperationMeters> byName = new ConcurrentHashMap<>();
    private volatile OperationMeters[] byOrdinal = new OperationMeters[0]; // copied on write, under this

    /**
     * @param service       the service's name, its {@code service} label: {@code table}, {@code queue}, {@code blob}
     * @param operationName the {@code operation} label of an operation (its
     *                      {@code RoutedOperation.operationName()}), asked once per operation
     */
    public RequestMetrics(MeterRegistry registry, String service, Function<Object, String> operationName) {
        this.registry = registry;
        this.service = service;
        this.operationName = operationName;
        Gauge.builder(MeterNames.IN_FLIGHT, inFlight, AtomicInteger::get).strongReference(true)
                .description("requests received and not yet answered").tag("service", service).register(registry);
    }

    /** A request arrived; {@link OperationMeters#answered} will count it out of the ones in flight. */
    public void started() {
        inFlight.incrementAndGet();
    }

    /** The meters of an operation: by its ordinal when it is an enum constant, as the services' are. */
    public OperationMeters of(Object route) {
        if (!(route instanceof Enum<?> constant)) {
            return of(operationName.apply(route));
        }
        int ordinal = constant.ordinal();
        OperationMeters[] slots = byOrdinal;
        OperationMeters found = ordinal < slots.length ? slots[ordinal] : null;
        return found != null ? found : register(ordinal, route);
    }

    /** The meters of an answer that is not an operation's ({@link #PREFLIGHT}, {@link #UNKNOWN}...). */
    public OperationMeters of(String operation) {
        return byName.computeIfAbsent(operation, name -> new OperationMeters(registry, service, name, inFlight));
    }

    private synchronized OperationMeters register(int ordinal, Object route) {
        OperationMeters[] slots = byOrdinal;
        if (ordinal < slots.length && slots[ordinal] != null) {
            return slots[ordinal];
        }
        OperationMeters meters = of(operationName.apply(route));
        OperationMeters[] grown = Arrays.copyOf(slots, Math.max(slots.length, ordinal + 1));
        grown[ordinal] = meters;
        byOrdinal = grown; // published whole: a reader sees the slot filled or the older array
        return meters;
    }

    /** How the status of an answer is labelled; -1 for none (a connection closed by a fault, status 0). */
    static int statusClass(AzureResponse response) {
        int status = response.status();
        return status < 100 ? -1 : status < 300 ? 0 : Math.min(status / 100 - 2, 3);
    }
}
