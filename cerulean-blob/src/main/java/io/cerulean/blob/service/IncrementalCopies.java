package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobNames;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.Lease;
import io.cerulean.common.error.ServiceException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.UUID;

/**
 * Incremental Copy Blob: a page blob's snapshot copied into an incremental copy blob, which then gets
 * a snapshot of its own, made in the same commit ({@code x-ms-copy-destination-snapshot}). The copy
 * is made whole each time, before the answer: the result is what a copy of the differences makes.
 * The destination must not exist, or must be an incremental copy of the same blob (409
 * IncrementalCopyBlobMismatch), and the snapshot must be newer than the last one copied (409
 * IncrementalCopyOfEralierVersionSnapshotNotAllowed, Azure's spelling). Its pages cannot be written
 * otherwise (409 OperationNotAllowedOnIncrementalCopyBlob, {@link #checkWritable}). Thread-safe.
 */
final class IncrementalCopies {
    private final Copies copies;
    private final Containers containers;
    private final BlobWrites writes;
    private final ContentLifecycle lifecycle;

    IncrementalCopies(Copies copies, Containers containers, BlobWrites writes, ContentLifecycle lifecycle) {
        this.copies = copies;
        this.containers = containers;
        this.writes = writes;
        this.lifecycle = lifecycle;
    }

    /** 409 OperationNotAllowedOnIncrementalCopyBlob when {@code blob} is an incremental copy blob. */
    static void checkWritable(BlobProperties blob) {
        if (blob.copy() != null && blob.copy().incrementalSnapshot() != BlobProperties.BASE) {
            throw new ServiceException(BlobError.OPERATION_NOT_ALLOWED_ON_INCREMENTAL_COPY_BLOB);
        }
    }

    BlobProperties copy(String account, String container, String name, CopySource source, Conditions sourceConditions,
                        Conditions conditions) {
        BlobNames.check(name);
        if (source.snapshot() == BlobProperties.BASE) {
            throw new ServiceException(BlobError.INCREMENTAL_COPY_SOURCE_MUST_BE_SNAPSHOT);
        }
        containers.blobs(account, container); // 404 ContainerNotFound before any byte is copied
        BlobProperties snapshot = copies.source(source, sourceConditions);
        if (snapshot.type() != BlobType.PAGE_BLOB) {
            throw new ServiceException(BlobError.INVALID_SOURCE_BLOB_TYPE);
        }
        CopiedContent copied = copies.content(snapshot, 0, snapshot.contentLength());
        return lifecycle.adopt(copied.content(), () -> writes.write(account, container, name, (partition, now) -> {
            BlobProperties old = partition.blobOrNull();
            Writes.checkCreateOrReplace(conditions, old, now);
            if (old != null) {
                CopyInfo last = old.copy();
                if (last == null || last.incrementalSnapshot() == BlobProperties.BASE
                        || !blobOf(last.source()).equals(blobOf(source.url()))) {
                    throw new ServiceException(BlobError.INCREMENTAL_COPY_BLOB_MISMATCH);
                }
                if (snapshotOf(last.source()) >= source.snapshot()) {
                    throw new ServiceException(BlobError.INCREMENTAL_COPY_OF_EARLIER_VERSION_SNAPSHOT_NOT_ALLOWED);
                }
            }
            long destinationSnapshot = Writes.ticks(now) - Writes.EPOCH_TICKS;
            if (!partition.snapshots.isEmpty()) {
                destinationSnapshot = Math.max(destinationSnapshot, partition.snapshots.lastKey() + 1);
            }
            CopyInfo record = new CopyInfo(UUID.randomUUID().toString(), source.url(), now, copied.size())
                    .withIncrementalSnapshot(destinationSnapshot);
            BlobProperties blob = partition.setBlob(new BlobProperties(name, BlobProperties.BASE, BlobType.PAGE_BLOB,
                    ETags.next(Writes.ticks(now), old == null ? 0 : old.etag()), old == null ? now : old.created(),
                    now, copied.size(), snapshot.headers(), snapshot.metadata(),
                    Copies.piecesIn(snapshot.segments(), copied.content()), old == null ? Lease.NONE : old.lease(),
                    record, snapshot.sequenceNumber()));
            partition.snapshots.put(destinationSnapshot,
                    BlobPartition.written(blob.snapshotAt(destinationSnapshot, java.util.Map.of())));
            return blob;
        }));
    }

    /** A source URL's scheme, authority and path: the blob it names, whatever snapshot and signature. */
    private static String blobOf(String url) {
        try {
            URI uri = new URI(url);
            return uri.getRawAuthority() + uri.getRawPath();
        } catch (URISyntaxException e) {
            return url;
        }
    }

    /** The snapshot a source URL names, in 100 ns ticks since the epoch. */
    private static long snapshotOf(String url) {
        try {
            String query = new URI(url).getQuery();
            if (query != null) {
                for (String pair : query.split("&")) {
                    if (pair.startsWith("snapshot=")) {
                        Instant instant = Instant.parse(pair.substring("snapshot=".length()));
                        return instant.getEpochSecond() * 10_000_000L + instant.getNano() / 100;
                    }
                }
            }
        } catch (URISyntaxException | java.time.format.DateTimeParseException e) {
            // a URL this service recorded always parses: taken as the earliest
        }
        return Long.MIN_VALUE;
    }
}
