package io.cerulean.blob.rest;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.UserDelegationKeys;
import io.cerulean.blob.rest.batch.SubmitBatch;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.operations.AppendBlockFromUrl;
import io.cerulean.blob.rest.operations.AbortCopy;
import io.cerulean.blob.rest.operations.AppendBlock;
import io.cerulean.blob.rest.operations.CopyBlob;
import io.cerulean.blob.rest.operations.GetPageRanges;
import io.cerulean.blob.rest.operations.GetUserDelegationKey;
import io.cerulean.blob.rest.operations.IncrementalCopy;
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
import io.cerulean.blob.rest.operations.FindBlobsByTags;
import io.cerulean.blob.rest.operations.GetBlobMetadata;
import io.cerulean.blob.rest.operations.GetBlobTags;
import io.cerulean.blob.rest.operations.SetBlobTags;
import io.cerulean.blob.rest.operations.GetBlobServiceProperties;
import io.cerulean.blob.rest.operations.GetBlobServiceStats;
import io.cerulean.blob.rest.operations.GetBlockList;
import io.cerulean.blob.rest.operations.GetContainerAcl;
import io.cerulean.blob.rest.operations.GetContainerProperties;
import io.cerulean.blob.rest.operations.ListBlobs;
import io.cerulean.blob.rest.operations.ListContainers;
import io.cerulean.blob.rest.operations.NotServedYet;
import io.cerulean.blob.rest.operations.PutBlob;
import io.cerulean.blob.rest.operations.PutBlock;
import io.cerulean.blob.rest.operations.PutBlockList;
import io.cerulean.blob.rest.operations.SetBlobMetadata;
import io.cerulean.blob.rest.operations.SetBlobProperties;
import io.cerulean.blob.rest.operations.SetBlobServiceProperties;
import io.cerulean.blob.rest.operations.SetBlobTier;
import io.cerulean.blob.rest.operations.SealAppendBlob;
import io.cerulean.blob.rest.operations.SetContainerAcl;
import io.cerulean.blob.rest.operations.SetContainerMetadata;
import io.cerulean.blob.rest.operations.UndeleteBlob;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.blob.rest.routing.BlobRouter;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.error.XmlErrorBody;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.cerulean.http.pipeline.ResponseRenderer;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.throttle.Load;
import io.cerulean.http.pipeline.SubRequests;
import io.cerulean.rest.RestServiceBase;
import io.cerulean.http.properties.ServicePropertiesStore;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;

/**
 * The Blob service as the kernel's pipeline runs it: path-style and host-style URLs parsed into a
 * {@link BlobResource}, the {@link BlobRouter}'s operation, the caller's {@link BlobGrant} checked
 * against it, and the operation run. Blob bodies are streamed both ways; every other body is XML,
 * errors too. Stateless and thread-safe.
 */
public final class BlobRestService
        extends RestServiceBase<BlobResource, BlobOperation, BlobGrant, BlobRestOperation> {
    /** Served when a client sends no x-ms-version. */
    static final String DEFAULT_VERSION = "2025-11-05";
    private static final ResponseStyle STYLE = new ResponseStyle(DEFAULT_VERSION, null, null, XmlErrorBody.INSTANCE,
            false);
    /**
     * The largest body that is buffered rather than streamed: a block list of 50,000 ids of 64
     * bytes, each in its element, with room for the rest (service properties, an ACL are far less).
     */
    static final int MAX_REQUEST_BODY_BYTES = 8 * 1024 * 1024;

    /**
     * @param keys    the user delegation keys this server issues and checks
     * @param sources how a copy's source on this server is authorised: by the same authentication as
     *                the requests it serves
     */
    private final ServicePropertiesStore properties;

    public BlobRestService(BlobService service, ServicePropertiesStore properties, UserDelegationKeys keys,
                           CopySourceAuthorization sources, Clock clock) {
        super(STYLE, MAX_REQUEST_BODY_BYTES, service::whenDurable, BlobOperation.class,
                operations(service, properties, keys, sources, clock));
        this.properties = properties;
    }

    /** The account's Blob service properties back to the defaults. */
    @Override
    public void resetAccount(String account) {
        properties.reset(account);
    }

    private static Map<BlobOperation, BlobRestOperation> operations(BlobService service,
                                                                   ServicePropertiesStore properties,
                                                                   UserDelegationKeys keys,
                                                                   CopySourceAuthorization sources, Clock clock) {
        Map<BlobOperation, BlobRestOperation> operations = new EnumMap<>(BlobOperation.class);
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
        operations.put(BlobOperation.LIST_BLOBS, new ListBlobs(service, properties));
        operations.put(BlobOperation.PUT_BLOB, new PutBlob(service));
        operations.put(BlobOperation.PUT_BLOCK, new PutBlock(service));
        operations.put(BlobOperation.PUT_BLOCK_LIST, new PutBlockList(service));
        operations.put(BlobOperation.GET_BLOCK_LIST, new GetBlockList(service));
        operations.put(BlobOperation.GET_BLOB, new GetBlob(service, true));
        operations.put(BlobOperation.GET_BLOB_PROPERTIES, new GetBlob(service, false));
        operations.put(BlobOperation.GET_BLOB_METADATA, new GetBlobMetadata(service));
        operations.put(BlobOperation.SET_BLOB_PROPERTIES, new SetBlobProperties(service));
        operations.put(BlobOperation.SET_BLOB_METADATA, new SetBlobMetadata(service));
        operations.put(BlobOperation.DELETE_BLOB, new DeleteBlob(service, properties));
        operations.put(BlobOperation.DELETE_BLOB_VERSION, new DeleteBlob(service, properties));
        operations.put(BlobOperation.LEASE_BLOB, new LeaseBlob(service));
        operations.put(BlobOperation.LEASE_CONTAINER, new LeaseContainer(service.containers()));
        operations.put(BlobOperation.SNAPSHOT_BLOB, new SnapshotBlob(service));
        operations.put(BlobOperation.APPEND_BLOCK, new AppendBlock(service));
        operations.put(BlobOperation.COPY_BLOB, new CopyBlob(service, sources));
        operations.put(BlobOperation.PUT_BLOB_FROM_URL, new PutBlobFromUrl(service, sources));
        operations.put(BlobOperation.PUT_BLOCK_FROM_URL, new PutBlockFromUrl(service, sources));
        operations.put(BlobOperation.ABORT_COPY, new AbortCopy(service));
        operations.put(BlobOperation.PUT_PAGE, new PutPage(service));
        operations.put(BlobOperation.GET_PAGE_RANGES, new GetPageRanges(service));
        operations.put(BlobOperation.SET_BLOB_TAGS, new SetBlobTags(service));
        operations.put(BlobOperation.GET_BLOB_TAGS, new GetBlobTags(service));
        operations.put(BlobOperation.FIND_BLOBS_BY_TAGS, new FindBlobsByTags(service));
        operations.put(BlobOperation.FIND_BLOBS_BY_TAGS_IN_CONTAINER, new FindBlobsByTags(service));
        operations.put(BlobOperation.SUBMIT_BATCH, new SubmitBatch(new ResponseRenderer(STYLE), DEFAULT_VERSION));
        operations.put(BlobOperation.GET_USER_DELEGATION_KEY, new GetUserDelegationKey(keys, DEFAULT_VERSION, clock));
        operations.put(BlobOperation.SET_BLOB_TIER, new SetBlobTier(service));
        operations.put(BlobOperation.SEAL_APPEND_BLOB, new SealAppendBlob(service));
        operations.put(BlobOperation.INCREMENTAL_COPY, new IncrementalCopy(service, sources));
        operations.put(BlobOperation.UNDELETE_BLOB, new UndeleteBlob(service));
        operations.put(BlobOperation.APPEND_BLOCK_FROM_URL, new AppendBlockFromUrl(service, sources));
        return operations;
    }

    @Override
    public String name() {
        return "blob";
    }

    @Override
    public BlobResource parse(AzureRequest request) {
        return BlobPathParser.parse(request);
    }

    @Override
    public BlobOperation route(BlobResource resource, AzureRequest request) {
        return BlobRouter.route(resource, request);
    }

    @Override
    public void authorize(BlobGrant grant, BlobOperation operation, BlobResource resource) {
        grant.authorize(operation, resource);
    }

    /** Every request on a blob (a snapshot or version of it too) is one of the blob's target's requests. */
    @Override
    public Load load(BlobOperation operation, BlobResource resource, AzureRequest request) {
        return resource.kind() == BlobResourceKind.BLOB
                ? Load.blob(resource.account(), resource.container(), resource.blob()) : null;
    }

    @Override
    public AzureResponse execute(BlobOperation operation, BlobResource resource, BlobGrant grant,
                                 AzureRequest request, String requestId) {
        return handler(operation).handle(resource, request, grant);
    }

    /** A batch answers each of its sub-requests through {@code subRequests}; every other operation runs alone. */
    @Override
    public AzureResponse execute(BlobOperation operation, BlobResource resource, BlobGrant grant,
                                 AzureRequest request, String requestId, SubRequests subRequests) {
        if (handler(operation) instanceof SubmitBatch batch) {
            return batch.handle(resource, request, requestId, subRequests);
        }
        return execute(operation, resource, grant, request, requestId);
    }

    @Override
    public boolean streamsBodies() {
        return true;
    }

    /** Put Blob, Put Block, Append Block and Put Page: the content store takes the body as it arrives. */
    @Override
    public BodySink receive(BlobOperation operation, BlobResource resource, AzureRequest request) {
        if (handler(operation) instanceof BlobUpload upload) {
            return upload.receive(resource, request);
        }
        throw new IllegalStateException(operation + " takes no streamed body");
    }
}
