/**
 * Storage Analytics as the service writes it, in pure form: which requests a service's logging
 * settings log ({@link io.cerulean.rest.analytics.LogCategory}), how an answered request is classified
 * ({@link io.cerulean.rest.analytics.RequestStatus}), the log line of format 1.0
 * ({@link io.cerulean.rest.analytics.LogLine}), the names of log blobs and metrics tables and
 * periods ({@link io.cerulean.rest.analytics.AnalyticsNames}), and the transaction counts a metrics
 * entity holds ({@link io.cerulean.rest.analytics.TransactionCounts}). No I/O: what writes them is
 * the application's, through the services' own APIs.
 */
package io.cerulean.rest.analytics;
