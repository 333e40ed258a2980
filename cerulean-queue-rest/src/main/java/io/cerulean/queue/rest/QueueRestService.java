package io.cerulean.queue.rest;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.error.XmlErrorBody;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.Refusals;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.pipeline.RestService;
import io.cerulean.queue.rest.auth.QueueGrant;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.queue.rest.operations.ClearMessages;
import io.cerulean.queue.rest.operations.CreateQueue;
import io.cerulean.queue.rest.operations.DeleteMessage;
import io.cerulean.queue.rest.operations.DeleteQueue;
import io.cerulean.queue.rest.operations.GetMessages;
import io.cerulean.queue.rest.operations.GetQueueAcl;
import io.cerulean.queue.rest.operations.GetQueueMetadata;
import io.cerulean.queue.rest.operations.GetQueueServiceProperties;
import io.cerulean.queue.rest.operations.GetQueueServiceStats;
import io.cerulean.queue.rest.operations.ListQueues;
import io.cerulean.queue.rest.operations.PeekMessages;
import io.cerulean.queue.rest.operations.PutMessage;
import io.cerulean.queue.rest.operations.QueueRestOperation;
import io.cerulean.queue.rest.operations.SetQueueAcl;
import io.cerulean.queue.rest.operations.SetQueueMetadata;
import io.cerulean.queue.rest.operations.SetQueueServiceProperties;
import io.cerulean.queue.rest.operations.UpdateMessage;
import io.cerulean.queue.rest.resource.QueuePathParser;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.routing.QueueOperation;
import io.cerulean.queue.rest.routing.QueueRouter;
import io.cerulean.queue.service.QueueService;
import io.cerulean.storage.StoreUnavailableException;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
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
    private final Map<QueueOperation, QueueRestOperation> operations = new EnumMap<>(QueueOperation.class);

    public QueueRestService(QueueService service, ServicePropertiesStore properties, Clock clock) {
        this.service = service;
        operations.put(QueueOperation.LIST_QUEUES, new ListQueues(service));
        operations.put(QueueOperation.GET_SERVICE_PROPERTIES, new GetQueueServiceProperties(properties));
        operations.put(QueueOperation.SET_SERVICE_PROPERTIES, new SetQueueServiceProperties(properties));
        operations.put(QueueOperation.GET_SERVICE_STATS, new GetQueueServiceStats(clock));
        operations.put(QueueOperation.CREATE_QUEUE, new CreateQueue(service));
        operations.put(QueueOperation.DELETE_QUEUE, new DeleteQueue(service));
        operations.put(QueueOperation.GET_QUEUE_METADATA, new GetQueueMetadata(service));
        operations.put(QueueOperation.SET_QUEUE_METADATA, new SetQueueMetadata(service));
        operations.put(QueueOperation.GET_QUEUE_ACL, new GetQueueAcl(service));
        operations.put(QueueOperation.SET_QUEUE_ACL, new SetQueueAcl(service));
        operations.put(QueueOperation.PUT_MESSAGE, new PutMessage(service));
        operations.put(QueueOperation.GET_MESSAGES, new GetMessages(service));
        operations.put(QueueOperation.PEEK_MESSAGES, new PeekMessages(service));
        operations.put(QueueOperation.DELETE_MESSAGE, new DeleteMessage(service));
        operations.put(QueueOperation.UPDATE_MESSAGE, new UpdateMessage(service));
        operations.put(QueueOperation.CLEAR_MESSAGES, new ClearMessages(service));
        if (operations.size() != QueueOperation.values().length) {
            throw new IllegalStateException("an operation has no class to run it");
        }
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
            throw Refusals.writeToSecondary(resource.account());
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
        return operations.get(operation).handle(resource, request);
    }

    @Override
    public CompletableFuture<Void> whenDurable() {
        return service.whenDurable();
    }

    /**
     * Get Messages is a GET that writes: each message it hands out is invisible for a while, its
     * dequeue count one higher and its pop receipt new, and that must survive a crash before the
     * consumer hears of it.
     */
    @Override
    public boolean mayWrite(AzureRequest request) {
        // Asked only of a request that was answered with success, so it parses and routes.
        return !QueueRouter.route(QueuePathParser.parse(request), request).isRead();
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
