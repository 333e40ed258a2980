package io.cerulean.blob.service;

import io.cerulean.blob.model.Lease;
import java.time.Instant;

/** What a lease action left: the lease, and the resource's ETag and Last-Modified. */
public record LeaseOutcome(Lease lease, long etag, Instant lastModified) {
}
