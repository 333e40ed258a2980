package io.cerulean.bench.workload;

import io.cerulean.bench.report.WorkloadResult;
import java.io.IOException;

/** One of W1..W8: runs against the endpoint, records its checks, and reports its figure. */
public interface Workload {
    String id();

    /**
     * Runs the workload; its result carries no server figures (the caller measures those around it).
     *
     * @throws IOException when a request outside the timed loop (a check) cannot be made
     */
    WorkloadResult run(WorkloadContext context) throws IOException;
}
