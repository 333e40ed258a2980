package io.cerulean.blob.error;

import io.cerulean.common.error.ErrorCode;

/**
 * The Blob service's own error codes, with their HTTP status and the service's canonical message
 * ("Blob service error codes"). The codes every storage service shares are
 * {@link io.cerulean.common.error.CommonError}.
 */
public enum BlobError implements ErrorCode {
    CONTAINER_NOT_FOUND("ContainerNotFound", 404, "The specified container does not exist."),
    CONTAINER_ALREADY_EXISTS("ContainerAlreadyExists", 409, "The specified container already exists."),
    BLOB_NOT_FOUND("BlobNotFound", 404, "The specified blob does not exist."),
    BLOB_ALREADY_EXISTS("BlobAlreadyExists", 409, "The specified blob already exists."),
    INVALID_BLOB_TYPE("InvalidBlobType", 409, "The blob type is invalid for this operation."),
    INVALID_BLOCK_ID("InvalidBlockId", 400, "The specified block ID is invalid. The block ID must be Base64-encoded."),
    INVALID_BLOB_OR_BLOCK("InvalidBlobOrBlock", 400, "The specified blob or block content is invalid."),
    INVALID_BLOCK_LIST("InvalidBlockList", 400, "The specified block list is invalid."),
    BLOCK_LIST_TOO_LONG("BlockListTooLong", 400, "The block list may not contain more than 50,000 blocks."),
    BLOCK_COUNT_EXCEEDS_LIMIT("BlockCountExceedsLimit", 409,
            "The committed block count cannot exceed the maximum limit of 50,000 blocks."),
    CONDITION_NOT_MET("ConditionNotMet", 412, "The condition specified using HTTP conditional header(s) is not met."),
    /** {@code If-None-Match: *} on a read: the resource read must exist, so it can never hold. */
    UNSATISFIABLE_CONDITION("UnsatisfiableCondition", 400,
            "The request includes an unsatisfiable condition for this operation."),
    INVALID_RANGE("InvalidRange", 416, "The range specified is invalid for the current size of the resource."),
    MD5_MISMATCH("Md5Mismatch", 400, "The MD5 value specified in the request did not match with the MD5 value calculated by the server."),
    INVALID_MD5("InvalidMd5", 400, "The MD5 value specified in the request is invalid. The MD5 value must be 128 bits and Base64-encoded."),
    CANNOT_VERIFY_COPY_SOURCE("CannotVerifyCopySource", 404, "The specified blob does not exist."),
    /** The copy source's own authorization (its SAS, a bearer token, its public access) does not let it be read. */
    COPY_SOURCE_NOT_AUTHORIZED("CannotVerifyCopySource", 403,
            "This request is not authorized to perform this operation using this source."),
    /** A source served elsewhere answered with a status that is neither success nor one of the two above. */
    COPY_SOURCE_REFUSED("CannotVerifyCopySource", 409, "The copy source could not be read."),
    /** A source served elsewhere could not be reached, or did not answer in time. */
    COPY_SOURCE_UNREACHABLE("CannotVerifyCopySource", 500, "Could not verify the copy source within the specified time."),
    INCREMENTAL_COPY_SOURCE_MUST_BE_SNAPSHOT("IncrementalCopySourceMustBeSnapshot", 409,
            "The source for incremental copy request must be a snapshot."),
    INCREMENTAL_COPY_BLOB_MISMATCH("IncrementalCopyBlobMismatch", 409,
            "The specified source blob is different than the copy source of the destination blob."),
    INCREMENTAL_COPY_OF_EARLIER_VERSION_SNAPSHOT_NOT_ALLOWED("IncrementalCopyOfEralierVersionSnapshotNotAllowed", 409,
            "The specified snapshot is earlier than the last snapshot copied into the incremental copy blob."),
    OPERATION_NOT_ALLOWED_ON_INCREMENTAL_COPY_BLOB("OperationNotAllowedOnIncrementalCopyBlob", 409,
            "The specified operation is not allowed on an incremental copy blob."),
    INVALID_SOURCE_BLOB_TYPE("InvalidSourceBlobType", 409, "The copy source blob type is invalid for this operation."),
    COPY_ID_MISMATCH("CopyIdMismatch", 409,
            "The specified copy ID did not match the copy ID for the pending copy operation."),
    SOURCE_CONDITION_NOT_MET("SourceConditionNotMet", 412,
            "The source condition specified using HTTP conditional header(s) is not met."),
    NO_PENDING_COPY_OPERATION("NoPendingCopyOperation", 409, "There is currently no pending copy operation."),
    INVALID_PAGE_RANGE("InvalidPageRange", 416, "The page range specified is invalid."),
    SEQUENCE_NUMBER_CONDITION_NOT_MET("SequenceNumberConditionNotMet", 412,
            "The sequence number condition specified was not met."),
    SNAPSHOTS_PRESENT("SnapshotsPresent", 409, "This operation is not permitted because the blob has snapshots."),
    APPEND_POSITION_CONDITION_NOT_MET("AppendPositionConditionNotMet", 412,
            "The append position condition specified was not met."),
    MAX_BLOB_SIZE_CONDITION_NOT_MET("MaxBlobSizeConditionNotMet", 412, "The max blob size condition specified was not met."),
    LEASE_ALREADY_PRESENT("LeaseAlreadyPresent", 409, "There is already a lease present."),
    LEASE_ID_MISMATCH_WITH_LEASE_OPERATION("LeaseIdMismatchWithLeaseOperation", 409,
            "The lease ID specified did not match the lease ID for the blob or container."),
    LEASE_IS_BREAKING_AND_CANNOT_BE_ACQUIRED("LeaseIsBreakingAndCannotBeAcquired", 409,
            "The lease ID matched, but the lease is currently in breaking state and cannot be acquired until it is broken."),
    LEASE_IS_BREAKING_AND_CANNOT_BE_CHANGED("LeaseIsBreakingAndCannotBeChanged", 409,
            "The lease ID matched, but the lease is currently in breaking state and cannot be changed."),
    LEASE_IS_BROKEN_AND_CANNOT_BE_RENEWED("LeaseIsBrokenAndCannotBeRenewed", 409,
            "The lease ID matched, but the lease has been broken explicitly and cannot be renewed."),
    LEASE_NOT_PRESENT_WITH_LEASE_OPERATION("LeaseNotPresentWithLeaseOperation", 409,
            "There is currently no lease on the blob or container."),
    LEASE_ID_MISSING("LeaseIdMissing", 412,
            "There is currently a lease on the blob or container and no lease ID was specified in the request."),
    LEASE_ID_MISMATCH_WITH_BLOB_OPERATION("LeaseIdMismatchWithBlobOperation", 412,
            "The lease ID specified did not match the lease ID for the blob."),
    LEASE_NOT_PRESENT_WITH_BLOB_OPERATION("LeaseNotPresentWithBlobOperation", 412, "There is currently no lease on the blob."),
    LEASE_LOST("LeaseLost", 412, "A lease ID was specified, but the lease for the blob or container has expired."),
    LEASE_ID_MISMATCH_WITH_CONTAINER_OPERATION("LeaseIdMismatchWithContainerOperation", 412,
            "The lease ID specified did not match the lease ID for the container."),
    LEASE_NOT_PRESENT_WITH_CONTAINER_OPERATION("LeaseNotPresentWithContainerOperation", 412,
            "There is currently no lease on the container."),
    INVALID_BLOB_TIER("InvalidBlobTier", 400, "The specified blob tier is invalid."),
    BLOB_ARCHIVED("BlobArchived", 409, "This operation is not permitted on an archived blob."),
    BLOB_BEING_REHYDRATED("BlobBeingRehydrated", 409,
            "This operation is not permitted because the blob is being rehydrated."),
    BLOB_IS_SEALED("BlobIsSealed", 409, "The specified blob is sealed, and its contents can't be modified unless"
            + " the blob is re-created after a delete."),
    EXCEEDS_MAX_BATCH_REQUEST_COUNT("ExceedsMaxBatchRequestCount", 400,
            "The batch operation exceeds maximum number of allowed subrequests."),
    ALL_BATCH_SUB_REQUESTS_SHOULD_BE_SAME_API("AllBatchSubRequestsShouldBeSameApi", 400,
            "All batch subrequests should be the same api."),
    OPERATION_NOT_ALLOWED_ON_ROOT_BLOB("OperationNotAllowedOnRootBlob", 403,
            "The specified operation is not allowed on root blob."),
    BOTH_CRC64_AND_MD5_HEADER_PRESENT("BothCrc64AndMd5HeaderPresent", 400,
            "Both x-ms-content-crc64 header and Content-MD5 header are present."),
    CRC64_MISMATCH("Crc64Mismatch", 400,
            "The CRC64 value specified in the request did not match with the CRC64 value calculated by the server."),
    PREVIOUS_SNAPSHOT_NOT_FOUND("PreviousSnapshotNotFound", 409, "The previous snapshot is not found."),
    PREVIOUS_SNAPSHOT_CANNOT_BE_NEWER("PreviousSnapshotCannotBeNewer", 400,
            "The prevsnapshot query parameter value cannot be newer than snapshot query parameter value."),
    INVALID_TAG("InvalidTag", 400, "The tags specified are invalid. It contains characters that are not permitted."),
    TAGS_TOO_LARGE("TagsTooLarge", 400, "The tags specified exceed the maximum permissible limit."),
    EMPTY_TAG_NAME("EmptyTagName", 400, "The name of one of the tag key-value pairs is empty."),
    DUPLICATE_TAG_NAMES("DuplicateTagNames", 400, "The tags specified contain duplicate names.");

    private final Definition definition;

    BlobError(String code, int status, String message) {
        this.definition = new Definition(code, status, message);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
