/**
 * What a run reports: one {@link io.cerulean.bench.report.WorkloadResult} per workload, the
 * correctness checks, the server process's memory and CPU from /proc, and the text table and CSV
 * they are written as.
 */
package io.cerulean.bench.report;
