package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobTags;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.TagsXml;
import io.cerulean.blob.service.BlobAddress;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.QueryParameters;

/**
 * Set Blob Tags ({@code PUT ?comp=tags}): the body's tags in place of the blob's; 204. The blob's
 * ETag and Last-Modified stay. A leased blob needs its lease id; {@code x-ms-if-tags} must hold
 * (412 ConditionNotMet). Tags past the limits are refused as {@link BlobTags} says; a body that is no
 * {@code <Tags>} document is 400 InvalidXmlDocument. A snapshot's tags are not set; with {@code versionid}
 * that version's are (404 BlobNotFound for a version the blob does not have).
 */
public final class SetBlobTags implements BlobRestOperation {
    private final BlobService service;

    public SetBlobTags(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        if (SnapshotIds.of(request) != BlobProperties.BASE) {
            throw QueryParameters.invalid("snapshot", request.queryParameter("snapshot"),
                    "A snapshot's tags cannot be set.");
        }
        var tags = BlobTags.check(TagsXml.read(request.body()));
        service.tags().set(BlobAddress.of(resource.account(), resource.container(), resource.blob())
                .atVersion(SnapshotIds.version(request)), tags, RequestHeaders.conditions(request));
        return AzureResponse.status(204);
    }
}
