package io.cerulean.blob.rest;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.operations.AbortCopy;
import io.cerulean.blob.rest.operations.AppendBlock;
import io.cerulean.blob.rest.operations.CopyBlob;
import io.cerulean.blob.rest.operations.GetPageRanges;
import io.cerulean.blob.rest.operations.PutBlobFromUrl;
import io.cerulean.blob.rest.operations.PutPage;
import io.cerulean.blob.rest.operations.PutBlockFromUrl;
import io.cerulean.blob.rest.operations.BlobRestOperation;
import io.cerulean.blob.rest.operations.BlobUpload;
import io.cerulean.blob.rest.operations.LeaseBlob;
import io.cerulean.blob.rest.operations.LeaseContainer;
import io.cerulean.blob.rest.operations.SnapshotBlob;
import io.cerulean.blob.rest.operations.CreateContainer;
import io.cerulean.blob.rest.operations.DeleteBlob;
import io.cerulean.blob.rest.operations.DeleteContainer;
import io.cerulean.blob.rest.operations.GetAccountInformation;
import io.cerulean.blob.rest.operations.GetBlob;
import io.cerulean.blob.rest.operations.GetBlobMetadata;
import io.cerulean.blob.rest.operations.GetBlobServiceProperties;
import io.cerulean.blob.rest.operations.GetBlobServiceStats;
import io.cerulean.blob.rest.operations.GetBlockList;
import io.cerulean.blob.rest.operations.GetContainerAcl;
import io.cerulean.blob.rest.operations.GetContainerProperties;
import io.cerulean.blob.rest.operations.ListBlobs;
import io.cerulean.blob.rest.operations.ListContainers;
import io.cerulean.blob.rest.operations.PutBlob;
import io.cerulean.blob.rest.operations.PutBlock;
import io.cerulean.blob.rest.operations.PutBlockList;
import io.cerulean.blob.rest.operations.SetBlobMetadata;
import io.cerulean.blob.rest.operations.SetBlobProperties;
import io.cerulean.blob.rest.operations.SetBlobServiceProperties;
import io.cerulean.blob.rest.operations.SetContainerAcl;
import io.cerulean.blob.rest.operations.SetContainerMetadata;
import io.cerulean.blob.rest.operations.UploadLimits;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.blob.rest.routing.BlobRouter;
import io.cerulean.blob.service.BlobService;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.error.XmlErrorBody;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.cerulean.http.message.Refusals;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.pipeline.RestService;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.storage.StoreUnavailableException;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * The Blob service as the kernel's pipeline runs it: path-style and host-style URLs parsed into a
 * {@link BlobResource}, the {@link BlobRouter}'s operation, the caller's {@link BlobGrant} checked
 * against it, and the operation run. Blob bodies are streamed both ways; every other body is XML,
 * errors too. Stateless and thread-safe.
 */
public final class BlobRestService implements RestService<BlobResource, BlobOperation, BlobGrant> {
    /** Served when a client sends no x-ms-version. */
    static final String DEFAULT_VERSION = "2025-11-05";
    private static final ResponseStyle STYLE = new ResponseStyle(DEFAULT_VERSION, null, null, XmlErrorBody.INSTANCE,
            false);
    /**
     * The largest body that is buffered rather than streamed: a block list of 50,000 ids of 64
     * bytes, each in its element, with room for the rest (service properties, an ACL are far less).
     */
    static final int MAX_REQUEST_BODY_BYTES = 8 * 1024 * 1024;

    private final BlobService service;
    private final Map<BlobOperation, BlobRestOperation> operations = new EnumMap<>(BlobOperation.class);

    public BlobRestService(BlobService service, ServicePropertiesStore properties, Clock clock) {
        this.service = service;
        operations.put(BlobOperation.LIST_CONTAINERS, new ListContainers(service.containers()));
        operations.put(BlobOperation.GET_SERVICE_PROPERTIES, new GetBlobServiceProperties(properties));
        operations.put(BlobOperation.SET_SERVICE_PROPERTIES, new SetBlobServiceProperties(properties));
        operations.put(BlobOperation.GET_SERVICE_STATS, new GetBlobServiceStats(clock));
        operations.put(BlobOperation.GET_ACCOUNT_INFORMATION, new GetAccountInformation());
        operations.put(BlobOperation.CREATE_CONTAINER, new CreateContainer(service.containers()));
        operations.put(BlobOperation.DELETE_CONTAINER, new DeleteContainer(service.containers()));
        operations.put(BlobOperation.GET_CONTAINER_PROPERTIES, new GetContainerProperties(service.containers(), false));
        operations.put(BlobOperation.GET_CONTAINER_METADATA, new GetContainerProperties(service.containers(), true));
        operations.put(BlobOperation.SET_CONTAINER_METADATA, new SetContainerMetadata(service.containers()));
        operations.put(BlobOperation.GET_CONTAINER_ACL, new GetContainerAcl(service.containers()));
        operations.put(BlobOperation.SET_CONTAINER_ACL, new SetContainerAcl(service.containers()));
        operations.put(BlobOperation.LIST_BLOBS, new ListBlobs(service));
        operations.put(BlobOperation.PUT_BLOB, new PutBlob(service));
        operations.put(BlobOperation.PUT_BLOCK, new PutBlock(service));
        operations.put(BlobOperation.PUT_BLOCK_LIST, new PutBlockList(service));
        operations.put(BlobOperation.GET_BLOCK_LIST, new GetBlockList(service));
        operations.put(BlobOperation.GET_BLOB, new GetBlob(service, true));
        operations.put(BlobOperation.GET_BLOB_PROPERTIES, new GetBlob(service, false));
        operations.put(BlobOperation.GET_BLOB_METADATA, new GetBlobMetadata(service));
        operations.put(BlobOperation.SET_BLOB_PROPERTIES, new SetBlobProperties(service));
        operations.put(BlobOperation.SET_BLOB_METADATA, new SetBlobMetadata(service));
        operations.put(BlobOperation.DELETE_BLOB, new DeleteBlob(service));
        operations.put(BlobOperation.LEASE_BLOB, new LeaseBlob(service));
        operations.put(BlobOperation.LEASE_CONTAINER, new LeaseContainer(service.containers()));
        operations.put(BlobOperation.SNAPSHOT_BLOB, new SnapshotBlob(service));
        operations.put(BlobOperation.APPEND_BLOCK, new AppendBlock(service));
        operations.put(BlobOperation.COPY_BLOB, new CopyBlob(service));
        operations.put(BlobOperation.PUT_BLOB_FROM_URL, new PutBlobFromUrl(service));
        operations.put(BlobOperation.PUT_BLOCK_FROM_URL, new PutBlockFromUrl(service));
        operations.put(BlobOperation.ABORT_COPY, new AbortCopy(service));
        operations.put(BlobOperation.PUT_PAGE, new PutPage(service));
        operations.put(BlobOperation.GET_PAGE_RANGES, new GetPageRanges(service));
        if (operations.size() != BlobOperation.values().length) {
            throw new IllegalStateException("an operation has no class to run it");
        }
    }

    @Override
    public BlobResource parse(AzureRequest request) {
        return BlobPathParser.parse(request);
    }

    /**
     * The secondary endpoint is read-only, as on a read-access geo-redundant account: a write there is
     * 403 InsufficientAccountPermissions before anything runs.
     */
    @Override
    public BlobOperation route(BlobResource resource, AzureRequest request) {
        BlobOperation operation = BlobRouter.route(resource, request);
        if (resource.secondary() && !operation.isRead()) {
            throw Refusals.writeToSecondary(resource.account());
        }
        return operation;
    }

    @Override
    public void authorize(BlobGrant grant, BlobOperation operation, BlobResource resource) {
        grant.authorize(operation, resource);
    }

    @Override
    public AzureResponse execute(BlobOperation operation, BlobResource resource, BlobGrant grant,
                                 AzureRequest request, String requestId) {
        return operations.get(operation).handle(resource, request, grant);
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        return service.whenDurable();
    }

    /** Every blob operation reads the container's row first, and most stream: none runs on the event loop. */
    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        return false;
    }

    @Override
    public boolean xmlErrors(BlobResource resource, AzureRequest request) {
        return true;
    }

    @Override
    public ResponseStyle responseStyle() {
        return STYLE;
    }

    @Override
    public int maxRequestBodyBytes() {
        return MAX_REQUEST_BODY_BYTES;
    }

    @Override
    public boolean streamsBodies() {
        return true;
    }

    /** Put Blob, Put Block, Append Block and Put Page stream their bodies into the content store, up to their version's limit. */
    @Override
    public OptionalLong streamedBodyLimit(AzureRequest head) {
        if (!head.method().equals("PUT") || head.header("x-ms-copy-source") != null) {
            return OptionalLong.empty();
        }
        BlobResource resource;
        try {
            resource = BlobPathParser.parse(head);
        } catch (ServiceException e) {
            return OptionalLong.empty(); // answered 400 once buffered
        }
        if (resource.kind() != BlobResourceKind.BLOB) {
            return OptionalLong.empty();
        }
        String comp = head.queryParameter("comp");
        if (comp == null) {
            return OptionalLong.of(UploadLimits.putBlob(head));
        }
        if (comp.toLowerCase(Locale.ROOT).equals("block")) {
            return OptionalLong.of(UploadLimits.putBlock(head));
        }
        if (comp.toLowerCase(Locale.ROOT).equals("appendblock")) {
            return OptionalLong.of(UploadLimits.appendBlock(head));
        }
        if (comp.toLowerCase(Locale.ROOT).equals("page")) {
            return OptionalLong.of(PutPage.MAX_BYTES);
        }
        return OptionalLong.empty();
    }

    /** Put Blob, Put Block, Append Block and Put Page: the content store takes the body as it arrives. */
    @Override
    public BodySink receive(BlobOperation operation, BlobResource resource, AzureRequest request) {
        if (operations.get(operation) instanceof BlobUpload upload) {
            return upload.receive(resource, request);
        }
        throw new IllegalStateException(operation + " takes no streamed body");
    }

    /** The store could not answer: nothing is known to have changed, so ServerBusy, which clients retry. */
    @Override
    public Optional<ServiceException> explain(RuntimeException failure) {
        if (failure instanceof StoreUnavailableException) {
            return Optional.of(new ServiceException(CommonError.SERVER_BUSY));
        }
        return Optional.empty();
    }
}
