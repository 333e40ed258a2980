package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import java.util.Base64;
import java.util.Map;

/**
 * Copy Blob, and Copy Blob From URL ({@code x-ms-requires-sync: true}), contract 3.10: a copy within
 * the account, finished before the answer, so its status is always {@code success}; 202 with the
 * copy's id. The destination takes the source's type, bytes and content properties, and its
 * metadata unless metadata is sent; a block blob's committed blocks keep their ids. The copy is
 * remembered on it ({@code x-ms-copy-*}). Its tags are {@code x-ms-tags}'s, or with Copy Blob From URL
 * the source's under {@code x-ms-copy-source-tag-option: COPY} ({@link TagHeaders#copyTags}).
 */
public final class CopyBlob implements BlobRestOperation {
    private final BlobService service;

    public CopyBlob(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlobService.CopySource source = CopySources.of(request, resource);
        Map<String, String> metadata = MetadataHeaders.read(request);
        boolean sync = "true".equalsIgnoreCase(request.header("x-ms-requires-sync"));
        Map<String, String> tags = sync ? TagHeaders.copyTags(request) : TagHeaders.tags(request);
        BlobProperties original = service.copySource(source, CopySources.conditions(request));
        BlobProperties copy = service.copyBlob(resource.account(), resource.container(), resource.blob(), original,
                source.url(), null, metadata.isEmpty() ? null : metadata,
                grant.ofWrite(RequestHeaders.conditions(request)), BlobService.CopyKind.COPY,
                tags == null ? original.tags() : tags);
        AzureResponse response = BlobResponses.written(AzureResponse.status(202), copy)
                .header("x-ms-copy-id", copy.copy().id()).header("x-ms-copy-status", copy.copy().status());
        if (sync && copy.headers().contentMd5() != null) {
            response.header("x-ms-content-md5", Base64.getEncoder().encodeToString(copy.headers().contentMd5()));
        }
        return response;
    }
}
