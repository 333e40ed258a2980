package io.cerulean.blob.service;

import io.cerulean.blob.model.ContentHeaders;
import java.util.Map;

/** Bytes of a source served elsewhere, copied into new content, with its content headers and metadata. */
public record RemoteContent(CopiedContent content, ContentHeaders headers, Map<String, String> metadata) {
}
