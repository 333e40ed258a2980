package io.cerulean.blob.service;

/** What a copy makes of its source. */
public enum CopyKind {
    /**
     * Copy Blob and Copy Blob From URL: a blob of the source's type and pieces (a block blob's
     * committed blocks and their ids, a page blob's written pages, an append blob's blocks),
     * remembered as a copy ({@code x-ms-copy-*}).
     */
    COPY,
    /** Put Blob From URL: a block blob of the source's bytes in one piece, its block list not kept. */
    PUT_FROM_URL
}
