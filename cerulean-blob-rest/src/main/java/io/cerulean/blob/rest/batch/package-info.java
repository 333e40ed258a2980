/**
 * Blob Batch, {@code POST ?comp=batch} on the account or {@code ?restype=container&comp=batch} on a
 * container: up to 256 Delete Blob or Set Blob Tier requests, all of one kind, in one
 * {@code multipart/mixed} body, each answered in its own part of a 202.
 *
 * <p>Invariants: each sub-request goes through the kernel's own stages as a request alone would
 * ({@link io.cerulean.http.pipeline.SubRequests}): authenticated with its own credentials, authorized,
 * run and rendered, so that a refused one answers in its part and the others proceed; they run
 * several at once, those addressing one blob in the batch's order, and are answered in the batch's
 * order ({@link io.cerulean.blob.rest.batch.ConcurrentParts}); nothing runs
 * before the whole body has been read and checked, and a batch the service refuses as a whole (too
 * many, none, another kind of operation, two kinds, another account or container, a body that is not
 * a batch) runs none of them and is answered with one part holding the error, as the service answers.
 */
package io.cerulean.blob.rest.batch;
