package io.cerulean.queue.rest;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.error.XmlErrorBody;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.pipeline.RestService;
import io.cerulean.queue.rest.auth.QueueGrant;
import io.cerulean.queue.rest.operations.MessageRequests;
import io.cerulean.queue.rest.operations.QueueRequests;
import io.cerulean.queue.rest.operations.ServiceRequests;
import io.cerulean.queue.rest.resource.QueuePathParser;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.routing.QueueOperation;
import io.cerulean.queue.rest.routing.QueueRouter;
import io.cerulean.queue.service.QueueService;
import io.cerulean.storage.StoreUnavailableException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The Queue service as the kernel's pipeline runs it: path-style and host-style URLs parsed into a
 * {@link QueueResource}, the {@link QueueRouter}'s operation, the caller's {@link QueueGrant}
 * checked against it, and the operation run. Every body is XML, errors too. Stateless and
 * thread-safe.
 */
public final class QueueRestService implements RestService<QueueResource, QueueOperation, QueueGrant> {
    /** Served when a client sends no x-ms-version. */
    static final String DEFAULT_VERSION = "2025-11-05";
    private static final ResponseStyle STYLE = new ResponseStyle(DEFAULT_VERSION, null, null, XmlErrorBody.INSTANCE);
    /**
     * The largest request body: a message of 64 KiB of text, each character of it escaped at most
     * six bytes long ({@code &quot;}), with room for its envelope.
     */
    static final int MAX_REQUEST_BODY_BYTES = 512 * 1024;

    private final QueueService service;
    private final ServiceRequests serviceRequests;
    private final QueueRequests queueRequests;
    private final MessageRequests messageRequests;

    public QueueRestService(QueueService service, ServiceRequests serviceRequests) {
        this.service = service;
        this.serviceRequests = serviceRequests;
        this.queueRequests = new QueueRequests(service);
        this.messageRequests = new MessageRequests(service);
    }

    @Override
    public QueueResource parse(AzureRequest request) {
        return QueuePathParser.parse(request);
    }

    /**
     * The secondary endpoint is read-only, as on a read-access geo-redundant account: a write there is
     * 403 InsufficientAccountPermissions before anything runs.
     */
    @Override
    public QueueOperation route(QueueResource resource, AzureRequest request) {
        QueueOperation operation = QueueRouter.route(resource, request);
        if (resource.secondary() && !operation.isRead()) {
            throw new ServiceException(CommonError.INSUFFICIENT_ACCOUNT_PERMISSIONS,
                    CommonError.INSUFFICIENT_ACCOUNT_PERMISSIONS.message() + " The secondary endpoint '"
                            + resource.account() + "-secondary' is read-only; write to '" + resource.account() + "'.");
        }
        return operation;
    }

    @Override
    public void authorize(QueueGrant grant, QueueOperation operation, QueueResource resource) {
        grant.authorize(operation, resource);
    }

    @Override
    public AzureResponse execute(QueueOperation operation, QueueResource resource, QueueGrant grant,
                                 AzureRequest request, String requestId) {
        return switch (operation) {
            case LIST_QUEUES -> serviceRequests.listQueues(resource, request);
            case GET_SERVICE_PROPERTIES -> serviceRequests.getProperties(resource);
            case SET_SERVICE_PROPERTIES -> serviceRequests.setProperties(resource, request);
            case GET_SERVICE_STATS -> serviceRequests.stats();
            case CREATE_QUEUE -> queueRequests.create(resource, request);
            case DELETE_QUEUE -> queueRequests.delete(resource);
            case GET_QUEUE_METADATA -> queueRequests.getMetadata(resource);
            case SET_QUEUE_METADATA -> queueRequests.setMetadata(resource, request);
            case GET_QUEUE_ACL -> queueRequests.getAcl(resource);
            case SET_QUEUE_ACL -> queueRequests.setAcl(resource, request);
            case PUT_MESSAGE -> messageRequests.put(resource, request);
            case GET_MESSAGES -> messageRequests.get(resource, request);
            case PEEK_MESSAGES -> messageRequests.peek(resource, request);
            case DELETE_MESSAGE -> messageRequests.delete(resource, request);
            case UPDATE_MESSAGE -> messageRequests.update(resource, request);
            case CLEAR_MESSAGES -> messageRequests.clear(resource);
        };
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        return service.whenDurable();
    }

    /** Every queue operation reads or writes more than one row: none runs on the event loop. */
    @Override
    public boolean runsOnEventLoop(AzureRequest request) {
        return false;
    }

    @Override
    public boolean xmlErrors(QueueResource resource, AzureRequest request) {
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

    /** The store could not answer: nothing is known to have changed, so ServerBusy, which clients retry. */
    @Override
    public Optional<ServiceException> explain(RuntimeException failure) {
        if (failure instanceof StoreUnavailableException) {
            return Optional.of(new ServiceException(CommonError.SERVER_BUSY));
        }
        return Optional.empty();
    }
}
