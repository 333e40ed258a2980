package io.cerulean.blob.rest.resource;

/** What a Blob service URL addresses: the account's service, a container, or a blob in one. */
public enum BlobResourceKind {
    SERVICE, CONTAINER, BLOB
}
