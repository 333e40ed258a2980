package io.cerulean.blob.rest.operations;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.Containers;
import io.cerulean.blob.service.LeaseOutcome;
import io.cerulean.blob.service.Leases;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Lease Container (contract 5): acquire, renew, change, release or break the container's lease; its
 * ETag stays. Date conditions only.
 */
public final class LeaseContainer implements BlobRestOperation {
    private final Containers containers;

    public LeaseContainer(Containers containers) {
        this.containers = containers;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        Leases.Action action = LeaseActions.of(request);
        LeaseOutcome outcome = containers.lease(resource.account(), resource.container(), action,
                RequestHeaders.dateConditions(request).withoutLease());
        return LeaseActions.answer(action, outcome, containers.now());
    }
}
