/**
 * The Blob service's operations over the storage seam and the content seam. {@link
 * io.cerulean.blob.service.BlobService} is the one entry point and builds the rest: a class per
 * resource ({@code Blobs}, {@code BlobListing}, {@code Blocks}, {@code PageBlobs}, {@code AppendBlobs},
 * {@code Copies}, {@code BlobLeases}, {@code SoftDeletes}), and, each reached through an accessor of
 * the entry point, a class per feature ({@link io.cerulean.blob.service.Containers}, {@link
 * io.cerulean.blob.service.BlobCopies}, {@link io.cerulean.blob.service.BlobTagging}, {@link
 * io.cerulean.blob.service.Tiers}, {@link io.cerulean.blob.service.BlobSweeps}); the write every blob
 * operation makes on its blob's partition ({@code BlobWrites}, {@code BlobPartition}), and the life of
 * the bytes, written, adopted, released and held, in {@code ContentLifecycle} alone. What the REST
 * layer passes in and gets back are values of their own: {@link io.cerulean.blob.service.BlobAddress}
 * names a blob, snapshot or version, {@link io.cerulean.blob.service.NewBlob} what Put Blob writes.
 */
package io.cerulean.blob.service;
