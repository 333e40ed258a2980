/**
 * Azure Storage's scalability targets, enforced when asked ({@link io.cerulean.http.throttle.Throttle}):
 * per account (requests, ingress and egress bytes per second), per table partition (entities per
 * second), per queue (messages per second) and per blob (requests per second), each a token bucket
 * ({@link io.cerulean.http.throttle.TokenBucket}). A request past a target is refused with 503
 * ServerBusy and Azure's message before its operation runs, so it changes nothing. Buckets of
 * partitions, queues and blobs live in bounded memory ({@link io.cerulean.http.throttle.KeyedBuckets}):
 * an idle one is forgotten, and so is the least recently used past a cap.
 */
package io.cerulean.http.throttle;
