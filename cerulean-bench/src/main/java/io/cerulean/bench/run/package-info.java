/**
 * Timed phases: closed-loop workers, one per connection, each running operations from a source
 * on its connection's event loop, and the latencies and counts they record. Knows nothing of
 * which requests an operation sends.
 */
package io.cerulean.bench.run;
