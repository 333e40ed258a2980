package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.AppendConditions;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;

/**
 * Append Block (contract 3.11): the body, streamed to the content store, added at the end of an
 * append blob; 201 with the new ETag, the offset the block starts at and the committed block count.
 * {@code x-ms-blob-condition-appendpos} and {@code -maxsize} are its own conditions (412).
 */
public final class AppendBlock implements BlobUpload {
    private final BlobService service;

    public AppendBlock(BlobService service) {
        this.service = service;
    }

    @Override
    public BodySink receive(BlobResource resource, AzureRequest head) {
        appendConditions(head);
        return Uploads.receive(service.contents(), head, Uploads.Checksums.answered(head));
    }

    private static AppendConditions appendConditions(AzureRequest request) {
        AppendConditions append = new AppendConditions(
                RequestHeaders.longHeader(request, "x-ms-blob-condition-appendpos"),
                RequestHeaders.longHeader(request, "x-ms-blob-condition-maxsize"));
        Long declared = RequestHeaders.longHeader(request, "Content-Length");
        if (declared != null && declared == 0) {
            throw RequestHeaders.invalidHeader("Content-Length", "0", "an appended block holds at least one byte.");
        }
        return append;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        AppendConditions append = appendConditions(request);
        Uploads.Upload upload = Uploads.write(service.contents(), request, Uploads.Checksums.answered(request));
        BlobProperties blob = service.appendBlock(resource.account(), resource.container(), resource.blob(),
                upload.content(), upload.size(), RequestHeaders.conditions(request), append);
        return upload.answer(BlobResponses.written(AzureResponse.status(201), blob))
                .header("x-ms-blob-append-offset", Long.toString(blob.contentLength() - upload.size()))
                .header("x-ms-blob-committed-block-count", Integer.toString(blob.committedBlockCount()))
                .header("x-ms-request-server-encrypted", "true");
    }
}
