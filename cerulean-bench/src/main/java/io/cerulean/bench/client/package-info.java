/**
 * A small client of the Table REST API for load generation: Netty keep-alive connections with one
 * request in flight each, Shared Key Lite signing, the requests the workloads send and the readers
 * of what comes back. Knows the wire protocol only; no workload, check or report lives here.
 */
package io.cerulean.bench.client;
