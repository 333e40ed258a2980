package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.QueryParameters;

/**
 * Abort Copy Blob: every copy Cerulean makes has finished before its answer, so there is never one
 * to abort: 409 NoPendingCopyOperation for a blob that exists (404 for one that does not).
 */
public final class AbortCopy implements BlobRestOperation {
    private final BlobService service;

    public AbortCopy(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        QueryParameters.requiredText(request, "copyid");
        service.blob(resource.account(), resource.container(), resource.blob());
        throw new ServiceException(BlobError.NO_PENDING_COPY_OPERATION);
    }
}
