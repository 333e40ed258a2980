package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Incremental Copy Blob ({@code comp=incrementalcopy}): a page blob's snapshot on this server, named
 * with its SAS ({@code x-ms-copy-source}), copied into an incremental copy blob, which gets a
 * snapshot of its own ({@code x-ms-copy-destination-snapshot} on it afterwards); 202 with the copy's
 * id and status, which is {@code success}: Cerulean makes it before it answers. A source served
 * elsewhere is 409 CannotVerifyCopySource: only a snapshot of a blob can be copied this way.
 */
public final class IncrementalCopy implements BlobRestOperation {
    private final BlobService service;
    private final CopySources sources;

    public IncrementalCopy(BlobService service, CopySourceAuthorization authorization) {
        this.service = service;
        this.sources = new CopySources(authorization);
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        CopySources.Source source = sources.of(request, resource, false);
        if (!source.isLocal()) {
            throw new ServiceException(BlobError.COPY_SOURCE_REFUSED, BlobError.COPY_SOURCE_REFUSED.message()
                    + " An incremental copy's source is a snapshot of a page blob of this server.");
        }
        BlobProperties copy = service.copies().incremental(resource.account(), resource.container(), resource.blob(),
                source.local(), CopySources.conditions(request), grant.ofWrite(RequestHeaders.conditions(request)));
        return BlobResponses.written(AzureResponse.status(202), copy).header("x-ms-copy-id", copy.copy().id())
                .header("x-ms-copy-status", copy.copy().status().wireName());
    }
}
