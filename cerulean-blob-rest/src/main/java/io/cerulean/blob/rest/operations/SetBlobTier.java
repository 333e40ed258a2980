package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Set Blob Tier ({@code PUT ?comp=tier}, optionally on a {@code snapshot} or a {@code versionid}):
 * {@code x-ms-access-tier} (required) and {@code x-ms-rehydrate-priority}; 200 when the tier changed
 * at once, 202 when an archived blob's rehydration is under way. The blob's ETag and Last-Modified stay, so the answer
 * names neither. A leased blob needs its {@code x-ms-lease-id}.
 */
public final class SetBlobTier implements BlobRestOperation {
    private final BlobService service;

    public SetBlobTier(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        AccessTier tier = AccessTiers.tier(request);
        if (tier == null) {
            throw RequestHeaders.missingHeader("x-ms-access-tier");
        }
        BlobProperties blob = service.tiers().set(SnapshotIds.address(resource, request), tier,
                AccessTiers.priority(request), RequestHeaders.leaseId(request), RequestHeaders.conditions(request));
        return AzureResponse.status(blob.tiering().rehydrating() ? 202 : 200);
    }
}
