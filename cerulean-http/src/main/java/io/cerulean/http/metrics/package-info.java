/**
 * Where the server records its metrics: a Micrometer registry the embedder provides, served in the
 * Prometheus text format at {@code /$metrics} on every service's port ({@link io.cerulean.http.metrics.Metrics})
 * or a port of its own ({@link io.cerulean.http.metrics.MetricsHandler}). The kernel records every
 * answer into its service's {@link io.cerulean.http.metrics.RequestMetrics}; the JVM's and the process's
 * meters are bound once per server ({@link io.cerulean.http.metrics.ProcessMetrics}); each service
 * registers its own meters besides. Invariant: no label value comes from a request (no account, table,
 * queue, container or blob name), so the series are bounded whatever the data.
 */
package io.cerulean.http.metrics;
