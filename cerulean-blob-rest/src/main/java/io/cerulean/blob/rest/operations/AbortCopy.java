package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.QueryParameters;

/**
 * Abort Copy Blob ({@code comp=copy&copyid=...}, {@code x-ms-copy-action: abort}): the blob's pending
 * copy ends {@code aborted}, the blob left empty with its metadata; 204. 409 NoPendingCopyOperation
 * when no copy is pending, 409 CopyIdMismatch for another copy's id; a leased blob needs its lease id.
 */
public final class AbortCopy implements BlobRestOperation {
    private final BlobService service;

    public AbortCopy(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        String copyId = QueryParameters.requiredText(request, "copyid");
        String action = request.header("x-ms-copy-action");
        if (action == null) {
            throw RequestHeaders.missingHeader("x-ms-copy-action");
        }
        if (!action.trim().equalsIgnoreCase("abort")) {
            throw RequestHeaders.invalidHeader("x-ms-copy-action", action, "the only action is abort.");
        }
        service.copies().abort(resource.account(), resource.container(), resource.blob(), copyId,
                RequestHeaders.leaseId(request));
        return AzureResponse.status(204);
    }
}
