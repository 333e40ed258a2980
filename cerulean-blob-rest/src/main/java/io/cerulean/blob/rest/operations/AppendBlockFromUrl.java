package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.AppendConditions;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.CopiedContent;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.util.Base64;

/**
 * Append Block From URL: the bytes of a source on this server or served elsewhere, all of them or
 * the {@code x-ms-source-range} ({@link SourceBytes}), added at the end of an append blob as Append
 * Block adds a body, under the same conditions ({@code x-ms-blob-condition-appendpos},
 * {@code -maxsize}, the destination's {@code If-*} and lease); 201 with the new ETag, the offset the
 * block starts at and the committed block count.
 */
public final class AppendBlockFromUrl implements BlobRestOperation {
    private final BlobService service;
    private final CopySources sources;

    public AppendBlockFromUrl(BlobService service, CopySourceAuthorization authorization) {
        this.service = service;
        this.sources = new CopySources(authorization);
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        AppendConditions append = new AppendConditions(
                RequestHeaders.longHeader(request, "x-ms-blob-condition-appendpos"),
                RequestHeaders.longHeader(request, "x-ms-blob-condition-maxsize"));
        CopiedContent copied = SourceBytes.read(service, sources.of(request, resource, false), request);
        BlobProperties blob = service.appendBlock(resource.account(), resource.container(), resource.blob(),
                copied.content(), copied.size(), RequestHeaders.conditions(request), append);
        return BlobResponses.written(AzureResponse.status(201), blob)
                .header("Content-MD5", Base64.getEncoder().encodeToString(copied.md5()))
                .header("x-ms-blob-append-offset", Long.toString(blob.contentLength() - copied.size()))
                .header("x-ms-blob-committed-block-count", Integer.toString(blob.committedBlockCount()))
                .header("x-ms-request-server-encrypted", "true");
    }
}
