package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.CopyKind;
import io.cerulean.blob.service.CopyTarget;
import io.cerulean.blob.service.NewBlob;
import io.cerulean.blob.service.RemoteContent;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import java.util.Base64;
import java.util.Map;

/**
 * Put Blob From URL (contract 3.4): a block blob made at once from the bytes of a source on this
 * server (whatever its type, without its block list) or served elsewhere; 201. Its content properties
 * are the source's unless {@code x-ms-copy-source-blob-properties: false}, its metadata the request's, its tags as
 * {@link TagHeaders#copyTags} says, its tier {@code x-ms-access-tier}'s (none: inferred Hot).
 */
public final class PutBlobFromUrl implements BlobRestOperation {
    private final BlobService service;
    private final CopySources sources;

    public PutBlobFromUrl(BlobService service, CopySourceAuthorization authorization) {
        this.service = service;
        this.sources = new CopySources(authorization);
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        String type = request.header("x-ms-blob-type");
        if (BlobType.fromWire(type) != BlobType.BLOCK_BLOB) {
            throw RequestHeaders.invalidHeader("x-ms-blob-type", type, "a blob put from a URL is a BlockBlob.");
        }
        Map<String, String> tags = TagHeaders.copyTags(request);
        CopySources.Source source = sources.of(request, resource, false);
        ContentHeaders headers = "false".equalsIgnoreCase(request.header("x-ms-copy-source-blob-properties"))
                ? RequestHeaders.contentHeaders(request, true).withDefaultContentType() : null;
        Map<String, String> metadata = MetadataHeaders.read(request);
        Conditions conditions = grant.ofWrite(RequestHeaders.conditions(request));
        BlobProperties blob;
        if (source.isLocal()) {
            BlobProperties original = service.copySource(source.local(), CopySources.conditions(request));
            blob = service.copyBlob(original, source.url(), new CopyTarget(resource.account(), resource.container(),
                    resource.blob(), headers, metadata, conditions, CopyKind.PUT_FROM_URL,
                    new DestinationSettings(tags == null ? original.tags() : tags, AccessTiers.tier(request), null,
                            false)));
        } else {
            RemoteContent fetched = service.copies().fetch(source.remote(), 0, null);
            // A source read past the request's timeout commits nothing; what was fetched, nothing names: swept.
            request.deadline().check();
            blob = service.putBlob(resource.account(), resource.container(), resource.blob(),
                    new NewBlob(BlobType.BLOCK_BLOB, fetched.content().content(), fetched.content().size(),
                            headers != null ? headers : fetched.headers(), metadata, 0, AccessTiers.tier(request),
                            tags == null ? Map.of() : tags), conditions);
        }
        AzureResponse response = BlobResponses.versioned(AzureResponse.status(201), blob)
                .header("x-ms-request-server-encrypted", "true");
        if (blob.headers().contentMd5() != null) {
            response.header("Content-MD5", Base64.getEncoder().encodeToString(blob.headers().contentMd5()));
        }
        return response;
    }
}
