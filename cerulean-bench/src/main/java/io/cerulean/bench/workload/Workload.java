package io.cerulean.bench.workload;

import io.cerulean.bench.report.WorkloadResult;
import java.io.IOException;

/** One of W1..W8, Q1 and Q2: runs against the endpoint, records its checks, and reports its figure. */
public interface Workload {
    String id();

    /**
     * Prepares what the workload reads (Q2 fills its queue), before the server's CPU is measured
     * around {@link #run}; nothing by default.
     *
     * @throws IOException when a request outside the loaded phase cannot be made
     */
    default void load(WorkloadContext context) throws IOException {
    }

    /**
     * Runs the workload; its result carries no server figures (the caller measures those around it).
     *
     * @throws IOException when a request outside the timed loop (a check) cannot be made
     */
    WorkloadResult run(WorkloadContext context) throws IOException;
}
