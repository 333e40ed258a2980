/**
 * A small client of the Table, Queue and Blob REST APIs for load generation: Netty keep-alive
 * connections with one request in flight each, Shared Key Lite and (for Blob) Shared Key signing,
 * the requests the workloads send, the readers of what comes back, and downloads whose bodies are
 * counted and dropped as they arrive. Knows the wire protocol only; no workload, check or report lives here.
 */
package io.cerulean.bench.client;
