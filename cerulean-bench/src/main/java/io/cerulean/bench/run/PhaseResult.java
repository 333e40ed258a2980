package io.cerulean.bench.run;

import java.util.List;

/**
 * What the workers of one phase did.
 *
 * @param ops       operations completed without error
 * @param items     their items (entities, rows) in the workload's unit
 * @param errors    operations that failed: wrong status, wrong body, broken connection
 * @param seconds   wall time from the first request to the last response
 * @param opLatency per completed operation
 * @param requestLatency per request, including the pages of multi-page operations
 * @param incomplete true when an operation was still running at the phase's hard limit
 * @param firstErrors the first few error messages, for the user to see what went wrong
 */
public record PhaseResult(long ops, long items, long errors, double seconds, Latencies opLatency,
                          Latencies requestLatency, boolean incomplete, List<String> firstErrors) {
    public double opsPerSecond() {
        return seconds > 0 ? ops / seconds : 0;
    }

    public double itemsPerSecond() {
        return seconds > 0 ? items / seconds : 0;
    }
}
