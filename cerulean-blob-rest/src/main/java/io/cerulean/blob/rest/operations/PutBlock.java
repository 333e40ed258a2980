package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;

/**
 * Put Block (contract 3.5): the body, streamed to the content store, staged under {@code blockid};
 * 201 with the block's MD5 and no ETag (staging never changes the committed blob).
 */
public final class PutBlock implements BlobUpload {
    private final BlobService service;

    public PutBlock(BlobService service) {
        this.service = service;
    }

    @Override
    public BodySink receive(BlobResource resource, AzureRequest head) {
        BlockId.parse(head.queryParameter("blockid"));
        return Uploads.receive(service.contents(), head, Uploads.Checksums.answered(head));
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlockId id = BlockId.parse(request.queryParameter("blockid"));
        Uploads.Upload upload = Uploads.write(service.contents(), request, Uploads.Checksums.answered(request));
        service.stageBlock(resource.account(), resource.container(), resource.blob(), id, upload.content(),
                upload.size(), RequestHeaders.leaseId(request));
        return upload.answer(AzureResponse.status(201)).header("x-ms-request-server-encrypted", "true");
    }
}
