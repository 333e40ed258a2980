/**
 * Where the server records its metrics: a Micrometer registry the embedder provides, served in the
 * Prometheus text format at {@code /$metrics}. Each service registers its own meters.
 */
package io.cerulean.http.metrics;
