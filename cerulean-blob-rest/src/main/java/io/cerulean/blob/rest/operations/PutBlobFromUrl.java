package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import java.util.Base64;
import java.util.Map;

/**
 * Put Blob From URL (contract 3.4): a block blob made at once from the bytes of another blob of the
 * account, whatever its type, without its block list; 201. Its content properties are the source's unless
 * {@code x-ms-copy-source-blob-properties: false}, its metadata the request's, its tags as
 * {@link TagHeaders#copyTags} says.
 */
public final class PutBlobFromUrl implements BlobRestOperation {
    private final BlobService service;

    public PutBlobFromUrl(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        String type = request.header("x-ms-blob-type");
        if (BlobType.fromWire(type) != BlobType.BLOCK_BLOB) {
            throw RequestHeaders.invalidHeader("x-ms-blob-type", type, "a blob put from a URL is a BlockBlob.");
        }
        Map<String, String> tags = TagHeaders.copyTags(request);
        BlobService.CopySource source = CopySources.of(request, resource);
        BlobProperties original = service.copySource(source, CopySources.conditions(request));
        ContentHeaders headers = "false".equalsIgnoreCase(request.header("x-ms-copy-source-blob-properties"))
                ? RequestHeaders.contentHeaders(request, true).withDefaultContentType() : null;
        BlobProperties blob = service.copyBlob(resource.account(), resource.container(), resource.blob(), original,
                source.url(), headers, MetadataHeaders.read(request), grant.ofWrite(RequestHeaders.conditions(request)),
                BlobService.CopyKind.PUT_FROM_URL, tags == null ? original.tags() : tags);
        AzureResponse response = BlobResponses.written(AzureResponse.status(201), blob)
                .header("x-ms-request-server-encrypted", "true");
        if (blob.headers().contentMd5() != null) {
            response.header("Content-MD5", Base64.getEncoder().encodeToString(blob.headers().contentMd5()));
        }
        return response;
    }
}
