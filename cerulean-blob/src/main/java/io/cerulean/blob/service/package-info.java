/**
 * The Blob service's operations over the storage seam and the content seam. {@link
 * io.cerulean.blob.service.BlobService} is the one entry point and builds the rest: a class per
 * resource ({@code Blobs}, {@code BlobListing}, {@code Blocks}, {@code PageBlobs}, {@code AppendBlobs},
 * {@code Copies}, {@code BlobLeases}, {@link io.cerulean.blob.service.Containers}), the write every
 * blob operation makes on its blob's partition ({@code BlobWrites}, {@code BlobPartition}), and the
 * life of the bytes, written, adopted, released and held, in {@code ContentLifecycle} alone.
 */
package io.cerulean.blob.service;
