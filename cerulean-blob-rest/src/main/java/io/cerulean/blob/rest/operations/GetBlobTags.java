package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.TagsXml;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;

/**
 * Get Blob Tags ({@code GET ?comp=tags}, of the blob, a {@code snapshot} or a {@code versionid}): 200 with its tags,
 * sorted by key. A lease id sent must be the blob's lease's; {@code x-ms-if-tags} must hold (412
 * ConditionNotMet).
 */
public final class GetBlobTags implements BlobRestOperation {
    private final BlobService service;

    public GetBlobTags(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        var tags = service.tags().get(SnapshotIds.address(resource, request), RequestHeaders.conditions(request));
        return AzureResponse.status(200).body(MediaTypes.XML, TagsXml.write(tags));
    }
}
