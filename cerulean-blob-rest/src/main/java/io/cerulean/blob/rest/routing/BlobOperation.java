package io.cerulean.blob.rest.routing;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.ServerTimeout;
import io.cerulean.http.pipeline.RoutedOperation;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * Every operation of the Blob service Cerulean serves, with what the kernel needs to know of it
 * ({@link RoutedOperation}: none runs on the event loop, since each reads its container's row first;
 * the uploads stream their bodies) and what a shared access signature must grant to run it
 * (contract 2.3). Each constant names:
 * <ul>
 *   <li>whether it changes nothing (the secondary endpoint serves only these, and only the others
 *       wait for durability before they are answered);</li>
 *   <li>the account SAS resource types ({@code srt}), any one of which allows it: service,
 *       container or object (a blob); {@link #ANY} when any valid SAS may run it;</li>
 *   <li>the account SAS permission letters ({@code sp}), any one of which allows it;</li>
 *   <li>the blob or container SAS letters, any one of which allows it; empty when no such SAS may
 *       run it (container management, the service's settings).</li>
 * </ul>
 */
public enum BlobOperation implements RoutedOperation {
    LIST_CONTAINERS(true, "s", "l", ""),
    GET_SERVICE_PROPERTIES(true, "s", "r", ""),
    SET_SERVICE_PROPERTIES(false, "s", "w", ""),
    GET_SERVICE_STATS(true, "s", "r", ""),
    GET_ACCOUNT_INFORMATION(true, Constants.ANY, Constants.ANY, Constants.ANY),
    CREATE_CONTAINER(false, "c", "cw", ""),
    DELETE_CONTAINER(false, "c", "d", ""),
    GET_CONTAINER_PROPERTIES(true, "c", "r", ""),
    GET_CONTAINER_METADATA(true, "c", "r", ""),
    SET_CONTAINER_METADATA(false, "c", "w", ""),
    GET_CONTAINER_ACL(true, "c", "r", ""),
    SET_CONTAINER_ACL(false, "c", "w", ""),
    LEASE_CONTAINER(false, "c", "w", ""),
    LIST_BLOBS(true, "c", "l", "l"),
    PUT_BLOB(false, "o", "cw", "cw"),
    PUT_BLOCK(false, "o", "w", "w"),
    PUT_BLOCK_LIST(false, "o", "cw", "cw"),
    GET_BLOCK_LIST(true, "o", "r", "r"),
    GET_BLOB(true, "o", "r", "r"),
    GET_BLOB_PROPERTIES(true, "o", "r", "r"),
    GET_BLOB_METADATA(true, "o", "r", "r"),
    SET_BLOB_PROPERTIES(false, "o", "w", "w"),
    SET_BLOB_METADATA(false, "o", "w", "w"),
    DELETE_BLOB(false, "o", "d", "d"),
    /** Delete Blob of a previous version ({@code versionid}): the SAS permission to delete versions. */
    DELETE_BLOB_VERSION(false, "o", "x", "x"),
    LEASE_BLOB(false, "o", "w", "w"),
    SNAPSHOT_BLOB(false, "o", "cw", "cw"),
    APPEND_BLOCK(false, "o", "aw", "aw"),
    COPY_BLOB(false, "o", "cw", "cw"),
    PUT_BLOB_FROM_URL(false, "o", "cw", "cw"),
    PUT_BLOCK_FROM_URL(false, "o", "w", "w"),
    ABORT_COPY(false, "o", "w", "w"),
    PUT_PAGE(false, "o", "w", "w"),
    GET_PAGE_RANGES(true, "o", "r", "r"),
    SET_BLOB_TAGS(false, "o", "t", "t"),
    GET_BLOB_TAGS(true, "o", "t", "t"),
    /** An account SAS's {@code f} is valid for the object resource type only, whatever the URL. */
    FIND_BLOBS_BY_TAGS(true, "o", "f", ""),
    FIND_BLOBS_BY_TAGS_IN_CONTAINER(true, "c", "f", "f"),
    /** Each sub-request is authorised on its own, with its own credentials. */
    SUBMIT_BATCH(false, Constants.ANY, Constants.ANY, Constants.ANY),
    /** Bearer tokens only: no shared access signature may ask for a key to sign others. */
    GET_USER_DELEGATION_KEY(true, "", "", ""),
    SET_BLOB_TIER(false, "o", "w", "w"),
    SEAL_APPEND_BLOB(false, "o", "w", "w"),
    INCREMENTAL_COPY(false, "o", "cw", "cw"),
    UNDELETE_BLOB(false, "o", "w", "w"),
    APPEND_BLOCK_FROM_URL(false, "o", "aw", "aw");

    /** What {@link #resourceTypes()} and the permissions are for an operation any valid SAS may run. */
    public static final String ANY = Constants.ANY;

    private final boolean read;
    private final String resourceTypes;
    private final String accountPermissions;
    private final String blobPermissions;

    BlobOperation(boolean read, String resourceTypes, String accountPermissions, String blobPermissions) {
        this.read = read;
        this.resourceTypes = resourceTypes;
        this.accountPermissions = accountPermissions;
        this.blobPermissions = blobPermissions;
    }

    @Override
    public boolean isRead() {
        return read;
    }

    /**
     * Put Blob, Put Block, Append Block and Put Page stream their bodies into the content store, up to
     * their version's limit; a copy (a source URL given) has no body to stream.
     */
    @Override
    public OptionalLong streamedBodyLimit(AzureRequest head) {
        if (head.header("x-ms-copy-source") != null) {
            return OptionalLong.empty();
        }
        return switch (this) {
            case PUT_BLOB -> OptionalLong.of(UploadLimits.putBlob(head));
            case PUT_BLOCK -> OptionalLong.of(UploadLimits.putBlock(head));
            case APPEND_BLOCK -> OptionalLong.of(UploadLimits.appendBlock(head));
            case PUT_PAGE -> OptionalLong.of(UploadLimits.PUT_PAGE);
            default -> OptionalLong.empty();
        };
    }

    /** The names Storage Analytics gives the operations whose constants say it otherwise. */
    @Override
    public String operationName() {
        return switch (this) {
            case GET_SERVICE_PROPERTIES -> "GetBlobServiceProperties";
            case SET_SERVICE_PROPERTIES -> "SetBlobServiceProperties";
            case GET_SERVICE_STATS -> "GetBlobServiceStats";
            case GET_CONTAINER_ACL -> "GetContainerACL";
            case SET_CONTAINER_ACL -> "SetContainerACL";
            case DELETE_BLOB_VERSION -> "DeleteBlob";
            case ABORT_COPY -> "AbortCopyBlob";
            case INCREMENTAL_COPY -> "IncrementalCopyBlob";
            case SUBMIT_BATCH -> "BlobBatch";
            default -> RoutedOperation.super.operationName();
        };
    }

    /**
     * What the service allows beyond its usual 30 seconds ("Setting timeouts for Blob service
     * operations"): writing a blob, a block or a page 10 minutes a MiB of its body, reading a blob,
     * its page ranges or its block list 2 minutes a MiB (of the whole request: a read's size is the
     * blob's, known only once it runs, so a read is held to the usual 30 seconds, which bounds
     * preparing its answer), Put Block List 60 seconds, a batch 120 seconds.
     */
    @Override
    public Duration maxServerTimeout(AzureRequest head) {
        return switch (this) {
            case PUT_BLOB, PUT_BLOCK, APPEND_BLOCK, PUT_PAGE -> {
                long mebibytes = Math.max(1, (declaredLength(head) + (1 << 20) - 1) >> 20);
                Duration perSize = Duration.ofMinutes(10).multipliedBy(mebibytes);
                yield perSize.compareTo(ServerTimeout.DEFAULT_MAX) > 0 ? perSize : ServerTimeout.DEFAULT_MAX;
            }
            case PUT_BLOCK_LIST -> Duration.ofSeconds(60);
            case SUBMIT_BATCH -> Duration.ofSeconds(120);
            default -> ServerTimeout.DEFAULT_MAX;
        };
    }

    /** The body's declared length; 0 when none is declared (chunked), or it is not a number. */
    private static long declaredLength(AzureRequest head) {
        String length = head.header("Content-Length");
        try {
            return length == null ? 0 : Math.max(0, Math.min(Long.parseLong(length.trim()), 1L << 40));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public String resourceTypes() {
        return resourceTypes;
    }

    public String accountPermissions() {
        return accountPermissions;
    }

    public String blobPermissions() {
        return blobPermissions;
    }

    /** Enum constants cannot name a static field of their own class in their arguments. */
    private static final class Constants {
        static final String ANY = "*";
    }
}
