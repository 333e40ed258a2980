package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.ETags;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.HttpDates;
import io.cerulean.http.message.MetadataHeaders;
import io.cerulean.blob.model.Lease;
import io.cerulean.blob.model.Tiering;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/** The headers blob operations answer with. */
final class BlobResponses {
    private BlobResponses() {
    }

    /** {@code ETag} and {@code Last-Modified}: what every change of a blob answers. */
    static AzureResponse written(AzureResponse response, BlobProperties blob) {
        return response.header("ETag", ETags.quoted(blob.etag()))
                .header("Last-Modified", HttpDates.format(blob.lastModified()));
    }

    /** What a write that makes a version answers: {@link #written}, and the version id where it has one. */
    static AzureResponse versioned(AzureResponse response, BlobProperties blob) {
        written(response, blob);
        if (blob.versionId() != null) {
            response.header("x-ms-version-id", blob.versionId());
        }
        return response;
    }

    /**
     * What Get Blob and Get Blob Properties answer beside the bytes: the blob's properties, metadata
     * and state, the content headers as stored unless the SAS overrides them, and the stored MD5 as
     * {@code Content-MD5} when {@code wholeMd5} (a read of the whole blob), else as
     * {@code x-ms-blob-content-md5}. {@code Content-Type} is the caller's, since a body names it.
     */
    static AzureResponse properties(AzureResponse response, BlobProperties blob, Map<String, String> overrides,
                                    boolean wholeMd5, Instant now) {
        written(response, blob);
        ContentHeaders headers = blob.headers();
        response.header("x-ms-creation-time", HttpDates.format(blob.created()));
        MetadataHeaders.write(response, blob.metadata());
        contentHeader(response, "Content-Encoding", headers.contentEncoding(), overrides);
        contentHeader(response, "Content-Language", headers.contentLanguage(), overrides);
        contentHeader(response, "Content-Disposition", headers.contentDisposition(), overrides);
        contentHeader(response, "Cache-Control", headers.cacheControl(), overrides);
        if (headers.contentMd5() != null) {
            response.header(wholeMd5 ? "Content-MD5" : "x-ms-blob-content-md5",
                    Base64.getEncoder().encodeToString(headers.contentMd5()));
        }
        response.header("x-ms-blob-type", blob.type().wireName());
        if (blob.type() == BlobType.APPEND_BLOB) {
            response.header("x-ms-blob-committed-block-count", Integer.toString(blob.committedBlockCount()));
            response.header("x-ms-blob-sealed", Boolean.toString(blob.sealed()));
        }
        if (blob.type() == BlobType.BLOCK_BLOB) {
            tiering(response, blob.tiering());
        }
        if (!blob.tags().isEmpty()) {
            response.header("x-ms-tag-count", Integer.toString(blob.tags().size()));
        }
        if (blob.type() == BlobType.PAGE_BLOB) {
            response.header("x-ms-blob-sequence-number", Long.toString(blob.sequenceNumber()));
        }
        if (blob.copy() != null) {
            copy(response, blob.copy().at(now));
        }
        lease(response, blob.lease(), now);
        return response.header("Accept-Ranges", "bytes").header("x-ms-server-encrypted", "true");
    }

    /**
     * The copy that made the blob: its id, status, source and progress, when it finished, why it
     * failed or was aborted, and an incremental copy's destination snapshot.
     */
    private static void copy(AzureResponse response, CopyInfo copy) {
        response.header("x-ms-copy-id", copy.id()).header("x-ms-copy-status", copy.status().wireName())
                .header("x-ms-copy-source", copy.source()).header("x-ms-copy-progress", copy.progress());
        if (copy.status() != CopyInfo.Status.PENDING) {
            response.header("x-ms-copy-completion-time", HttpDates.format(copy.completed()));
        }
        if (copy.description() != null) {
            response.header("x-ms-copy-status-description", copy.description());
        }
        if (copy.incrementalSnapshot() != BlobProperties.BASE) {
            response.header("x-ms-incremental-copy", "true")
                    .header("x-ms-copy-destination-snapshot", SnapshotIds.format(copy.incrementalSnapshot()));
        }
    }

    /** A block blob's tier, whether it was inferred, when it last changed, and a rehydration under way. */
    private static void tiering(AzureResponse response, Tiering tiering) {
        response.header("x-ms-access-tier", tiering.tier().wireName());
        if (tiering.inferred()) {
            response.header("x-ms-access-tier-inferred", "true");
        }
        if (tiering.changed() != null) {
            response.header("x-ms-access-tier-change-time", HttpDates.format(tiering.changed()));
        }
        if (tiering.rehydratingTo() != null) {
            response.header("x-ms-archive-status", "rehydrate-pending-to-"
                    + tiering.rehydratingTo().wireName().toLowerCase(Locale.ROOT));
        }
        if (tiering.priority() != null) {
            response.header("x-ms-rehydrate-priority", tiering.priority());
        }
    }

    /** {@code x-ms-lease-state}, {@code -status}, and {@code -duration} while leased. */
    static AzureResponse lease(AzureResponse response, Lease lease, Instant now) {
        Lease.State state = lease.state(now);
        response.header("x-ms-lease-state", state.wireName()).header("x-ms-lease-status", state.status());
        if (state == Lease.State.LEASED) {
            response.header("x-ms-lease-duration", lease.durationName());
        }
        return response;
    }

    private static void contentHeader(AzureResponse response, String name, String stored, Map<String, String> overrides) {
        String value = overrides.getOrDefault(name, stored);
        if (value != null) {
            response.header(name, value);
        }
    }
}
