package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Delete Blob (contract 3.9): 202; the blob and its staged blocks are gone, its bytes deleted once
 * that is durable. {@code x-ms-delete-snapshots: include|only} says what becomes of its snapshots
 * (without it, a blob that has some is 409 SnapshotsPresent); with {@code snapshot}, that snapshot
 * alone goes, and the header is 400.
 */
public final class DeleteBlob implements BlobRestOperation {
    private final BlobService service;

    public DeleteBlob(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        long snapshot = SnapshotIds.of(request);
        String header = request.header("x-ms-delete-snapshots");
        BlobService.DeleteSnapshots snapshots;
        if (header == null) {
            snapshots = BlobService.DeleteSnapshots.NONE;
        } else if (snapshot != BlobProperties.BASE) {
            throw RequestHeaders.invalidHeader("x-ms-delete-snapshots", header,
                    "it cannot be sent when deleting a snapshot.");
        } else {
            snapshots = switch (header.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "include" -> BlobService.DeleteSnapshots.INCLUDE;
                case "only" -> BlobService.DeleteSnapshots.ONLY;
                default -> throw RequestHeaders.invalidHeader("x-ms-delete-snapshots", header, "it is include or only.");
            };
        }
        service.deleteBlob(resource.account(), resource.container(), resource.blob(), snapshot, snapshots,
                RequestHeaders.conditions(request));
        return AzureResponse.status(202).header("x-ms-delete-type-permanent", "true");
    }
}
