/**
 * The health endpoints a load balancer or an orchestrator polls, on every service port and before
 * everything else on it: {@code /$health/live} (the process serves HTTP) and {@code /$health/ready}
 * (every store the server uses takes a write now). Unauthenticated, never an account's request: not
 * logged, not in Storage Analytics, not counted as an operation. Invariants: an answer never waits
 * on the store on an event loop or a worker thread, never waits longer than the readiness bound,
 * and however often it is asked, at most one probe of the store is in flight.
 */
package io.cerulean.http.health;
