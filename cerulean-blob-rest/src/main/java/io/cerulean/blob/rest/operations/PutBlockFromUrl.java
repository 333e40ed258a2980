package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.CopiedContent;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.util.Base64;

/**
 * Put Block From URL (contract 3.5): a block staged from the bytes of a source on this server or
 * served elsewhere, all of them or the {@code x-ms-source-range} ({@link SourceBytes}); 201 with
 * their MD5.
 */
public final class PutBlockFromUrl implements BlobRestOperation {
    private final BlobService service;
    private final CopySources sources;

    public PutBlockFromUrl(BlobService service, CopySourceAuthorization authorization) {
        this.service = service;
        this.sources = new CopySources(authorization);
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlockId id = BlockId.parse(request.queryParameter("blockid"));
        CopiedContent copied = SourceBytes.read(service, sources.of(request, resource, false), request);
        service.stageBlock(resource.account(), resource.container(), resource.blob(), id, copied.content(),
                copied.size(), RequestHeaders.leaseId(request));
        return AzureResponse.status(201).header("Content-MD5", Base64.getEncoder().encodeToString(copied.md5()))
                .header("x-ms-request-server-encrypted", "true");
    }
}
