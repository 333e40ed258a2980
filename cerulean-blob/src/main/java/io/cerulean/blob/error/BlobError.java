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
    INVALID_RANGE("InvalidRange", 416, "The range specified is invalid for the current size of the resource."),
    MD5_MISMATCH("Md5Mismatch", 400, "The MD5 value specified in the request did not match with the MD5 value calculated by the server."),
    INVALID_MD5("InvalidMd5", 400, "The MD5 value specified in the request is invalid. The MD5 value must be 128 bits and Base64-encoded.");

    private final Definition definition;

    BlobError(String code, int status, String message) {
        this.definition = new Definition(code, status, message);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
