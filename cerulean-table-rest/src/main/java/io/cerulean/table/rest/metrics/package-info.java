/**
 * Metrics of the Table service, recorded into a Micrometer registry the embedder provides and
 * served in the Prometheus text format at {@code /$metrics}.
 */
package io.cerulean.table.rest.metrics;
