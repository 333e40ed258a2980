package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobAddress;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.DeleteSnapshots;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.properties.RetentionPolicy;
import io.cerulean.http.properties.ServicePropertiesStore;
import java.time.Duration;

/**
 * Delete Blob (contract 3.9): 202; the blob and its staged blocks are gone, its bytes deleted once
 * that is durable. {@code x-ms-delete-snapshots: include|only} says what becomes of its snapshots
 * (without it, a blob that has some is 409 SnapshotsPresent); with {@code snapshot} or
 * {@code versionid}, that snapshot or previous version alone goes, and the header is 400. Where the
 * account keeps versions, the blob becomes a previous version; under the account's soft delete
 * policy ({@code DeleteRetentionPolicy}), what goes is kept for its days, and
 * {@code x-ms-delete-type-permanent} is then false.
 */
public final class DeleteBlob implements BlobRestOperation {
    private final BlobService service;
    private final ServicePropertiesStore properties;

    public DeleteBlob(BlobService service, ServicePropertiesStore properties) {
        this.service = service;
        this.properties = properties;
    }

    /** The account's soft delete retention; null while its policy is off. */
    static Duration retention(ServicePropertiesStore properties, String account) {
        return properties.get(account).deleteRetention().filter(RetentionPolicy::enabled)
                .map(policy -> Duration.ofDays(policy.days())).orElse(null);
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlobAddress at = SnapshotIds.address(resource, request);
        String header = request.header("x-ms-delete-snapshots");
        DeleteSnapshots snapshots;
        if (header == null) {
            snapshots = DeleteSnapshots.NONE;
        } else if (at.snapshot() != BlobProperties.BASE || at.version() != BlobProperties.BASE) {
            throw RequestHeaders.invalidHeader("x-ms-delete-snapshots", header,
                    "it cannot be sent when deleting a snapshot or a version.");
        } else {
            snapshots = switch (header.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "include" -> DeleteSnapshots.INCLUDE;
                case "only" -> DeleteSnapshots.ONLY;
                default -> throw RequestHeaders.invalidHeader("x-ms-delete-snapshots", header, "it is include or only.");
            };
        }
        Duration retention = retention(properties, resource.account());
        service.deleteBlob(at, snapshots, RequestHeaders.conditions(request), retention);
        boolean kept = retention != null || (at.version() == BlobProperties.BASE && at.snapshot() == BlobProperties.BASE
                && snapshots != DeleteSnapshots.ONLY && service.versioning(resource.account()));
        return AzureResponse.status(202).header("x-ms-delete-type-permanent", Boolean.toString(!kept));
    }
}
