package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.LeaseOutcome;
import io.cerulean.blob.service.Leases;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/** Lease Blob (contract 5): acquire, renew, change, release or break the blob's lease; its ETag stays. */
public final class LeaseBlob implements BlobRestOperation {
    private final BlobService service;

    public LeaseBlob(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        Leases.Action action = LeaseActions.of(request);
        LeaseOutcome outcome = service.leaseBlob(resource.account(), resource.container(), resource.blob(),
                action, RequestHeaders.conditions(request).withoutLease());
        return LeaseActions.answer(action, outcome, service.now());
    }
}
