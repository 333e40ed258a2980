package io.cerulean.blob.service;

import io.cerulean.storage.content.ContentId;

/** Bytes copied from a source into new content, and their MD5. */
public record CopiedContent(ContentId content, long size, byte[] md5) {
}
