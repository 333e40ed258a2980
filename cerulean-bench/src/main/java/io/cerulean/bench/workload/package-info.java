/**
 * The workloads W1..W8 and what they share: the deterministic entities, the data W1 and W3 leave
 * for the others, and the checks each makes on what the endpoint answers. The definitions follow
 * the team's reference harness, so that figures from both compare.
 */
package io.cerulean.bench.workload;
