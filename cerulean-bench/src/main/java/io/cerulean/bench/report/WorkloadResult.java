package io.cerulean.bench.report;

import java.util.OptionalDouble;

/**
 * One row of the report.
 *
 * @param id          W1..W8
 * @param title       what was done, e.g. "insert 1 KB entity"
 * @param unit        the unit of {@code value}: ops/s, entities/s, queries/s, or s for a one-stream scan
 * @param value       the figure: a rate, or the seconds a scan took
 * @param p50Millis   median latency of an operation (of a page for scans), NaN when none completed
 * @param p99Millis   99th percentile, same basis
 * @param ops         operations (scan pages) completed
 * @param errors      operations that failed
 * @param serverRssMb the server's resident memory after the workload, when its pid was given
 * @param serverCpuSeconds CPU the server used during the workload, when its pid was given
 * @param clientCpuSeconds CPU the bench itself used during the workload, where the platform tells
 */
public record WorkloadResult(String id, String title, String unit, double value, double p50Millis,
                             double p99Millis, long ops, long errors, OptionalDouble serverRssMb,
                             OptionalDouble serverCpuSeconds, OptionalDouble clientCpuSeconds) {
    public WorkloadResult {
        if (id == null || title == null || unit == null) {
            throw new IllegalArgumentException("id, title and unit are required");
        }
        if (ops < 0 || errors < 0) {
            throw new IllegalArgumentException("negative counts: ops " + ops + ", errors " + errors);
        }
    }

    /** The same row with what was measured around the workload: the server's memory, both sides' CPU. */
    public WorkloadResult withUsage(OptionalDouble rssMb, OptionalDouble serverCpu, OptionalDouble clientCpu) {
        return new WorkloadResult(id, title, unit, value, p50Millis, p99Millis, ops, errors, rssMb, serverCpu,
                clientCpu);
    }

    /** True for the one-stream scans, whose figure is a duration: lower is better. */
    public boolean isDuration() {
        return unit.equals("s");
    }
}
