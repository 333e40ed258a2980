/**
 * Storage Analytics, written as the service writes it: the answered requests each service's pipeline
 * records ({@link io.cerulean.http.requestlog.RequestLog}) are queued, and a thread of its own turns
 * them into log blobs in each account's {@code $logs} container and into hour and minute
 * transactions metrics entities, through the Blob and Table services' own APIs, as the account's
 * service properties ask; a sweep removes what is older than their retention. Nothing a request does
 * waits on it: a queue that overflows drops requests, counts them and says so in the server's log.
 */
package io.cerulean.app.analytics;
