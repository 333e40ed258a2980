/**
 * The request log: one line per answered request (method, path without a SAS signature, status,
 * x-ms-error-code, duration, x-ms-request-id), in the Common Log Format extended with those, or as
 * JSON lines. Lines are formatted and written on a thread of the log's own, never on an event
 * loop; a log that falls behind drops lines and says how many, rather than holding up requests.
 */
package io.cerulean.http.requestlog;
