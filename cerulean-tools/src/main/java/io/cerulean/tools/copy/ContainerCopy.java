package io.cerulean.tools.copy;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerAsyncClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceAsyncClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobContainerProperties;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.models.PublicAccessType;
import com.azure.storage.blob.options.BlobContainerCreateOptions;
import io.cerulean.tools.endpoint.StorageEndpoint;
import java.util.Map;

/**
 * Copies a container: created at the destination with the source's metadata and public access
 * level (a container that is there already gets the metadata and keeps its access level), then
 * each of its current blobs ({@link BlobCopy}), as the listing pages them, several at once.
 * Snapshots, versions and deleted blobs are not copied.
 */
public final class ContainerCopy {
    private final BlobServiceClient source;
    private final BlobServiceAsyncClient sourceAsync;
    private final BlobServiceClient destination;
    private final BlobServiceAsyncClient destinationAsync;
    private final CopyRun run;
    private final BlobCopy blobs;

    public ContainerCopy(StorageEndpoint source, StorageEndpoint destination, CopyRun run) {
        this.source = source.blobs();
        this.sourceAsync = source.blobsAsync();
        this.destination = destination.blobs();
        this.destinationAsync = destination.blobsAsync();
        this.run = run;
        this.blobs = new BlobCopy(run);
    }

    public void copy(CopyItem item) {
        BlobContainerClient from = source.getBlobContainerClient(item.source());
        BlobContainerClient to = destination.getBlobContainerClient(item.destination());
        if (from.getBlobContainerUrl().equals(to.getBlobContainerUrl())) {
            throw new IllegalArgumentException("the destination is the source itself");
        }
        BlobContainerAsyncClient fromAsync = sourceAsync.getBlobContainerAsyncClient(item.source());
        BlobContainerAsyncClient toAsync = destinationAsync.getBlobContainerAsyncClient(item.destination());
        create(from, to);
        ListBlobsOptions listing = new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveMetadata(true));
        run.each(from.listBlobs(listing, null), blob -> item.kind().word() + " " + item.source() + ": blob " + blob.getName(),
                (BlobItem blob) -> blobs.copy(from.getBlobClient(blob.getName()), fromAsync.getBlobAsyncClient(blob.getName()),
                        to.getBlobClient(blob.getName()), toAsync.getBlobAsyncClient(blob.getName()), blob));
        run.containerDone();
    }

    private static void create(BlobContainerClient from, BlobContainerClient to) {
        Map<String, String> metadata = null;
        PublicAccessType access = null;
        try {
            BlobContainerProperties properties = from.getProperties();
            metadata = properties.getMetadata();
            access = properties.getBlobPublicAccess();
        } catch (HttpResponseException e) {
            // A SAS for the container alone may list and read its blobs but not read the container's
            // own properties: its blobs are still worth copying.
            if (e.getResponse().getStatusCode() != 403) {
                throw e;
            }
        }
        try {
            boolean created = to.createIfNotExistsWithResponse(
                    new BlobContainerCreateOptions().setMetadata(metadata).setPublicAccessType(access), null, Context.NONE).getValue();
            if (!created && metadata != null && !metadata.isEmpty()) {
                to.setMetadata(metadata);
            }
        } catch (HttpResponseException e) {
            // Likewise a destination SAS for the container: it is there, and its blobs may be written.
            if (e.getResponse().getStatusCode() != 403) {
                throw e;
            }
        }
    }
}
