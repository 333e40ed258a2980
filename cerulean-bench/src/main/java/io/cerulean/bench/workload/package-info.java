/**
 * The workloads W1..W8 (Q1, Q2 and B1..B7 for the Queue and Blob services) and what they share:
 * the deterministic entities and blob bytes, the data W1, W3, B1 and B3 leave for the others, and
 * the checks each makes on what the endpoint answers. The definitions follow
 * the team's reference harness, so that figures from both compare.
 */
package io.cerulean.bench.workload;
