package io.cerulean.queue.rest;

import io.cerulean.http.error.XmlErrorBody;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.ResponseStyle;
import io.cerulean.http.throttle.Load;
import io.cerulean.rest.RestServiceBase;
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
import io.cerulean.queue.rest.resource.QueueResourceKind;
import io.cerulean.queue.rest.routing.QueueOperation;
import io.cerulean.queue.rest.routing.QueueRouter;
import io.cerulean.queue.service.QueueService;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;

/**
 * The Queue service as the kernel's pipeline runs it: path-style and host-style URLs parsed into a
 * {@link QueueResource}, the {@link QueueRouter}'s operation, the caller's {@link QueueGrant}
 * checked against it, and the operation run. Every body is XML, errors too. Stateless and
 * thread-safe.
 */
public final class QueueRestService
        extends RestServiceBase<QueueResource, QueueOperation, QueueGrant, QueueRestOperation> {
    /** Served when a client sends no x-ms-version. */
    static final String DEFAULT_VERSION = "2025-11-05";
    private static final ResponseStyle STYLE = new ResponseStyle(DEFAULT_VERSION, null, null, XmlErrorBody.INSTANCE);
    /**
     * The largest request body: a message of 64 KiB of text, each character of it escaped at most
     * six bytes long ({@code &quot;}), with room for its envelope.
     */
    static final int MAX_REQUEST_BODY_BYTES = 512 * 1024;
    /** The most messages one Get or Peek Messages returns. */
    private static final int MAX_MESSAGES_ASKED = 32;

    private final ServicePropertiesStore properties;

    public QueueRestService(QueueService service, ServicePropertiesStore properties, Clock clock) {
        super(STYLE, MAX_REQUEST_BODY_BYTES, service::whenDurable, QueueOperation.class,
                operations(service, properties, clock));
        this.properties = properties;
    }

    /** The account's Queue service properties back to the defaults. */
    @Override
    public void resetAccount(String account) {
        properties.reset(account);
    }

    private static Map<QueueOperation, QueueRestOperation> operations(QueueService service,
                                                                     ServicePropertiesStore properties, Clock clock) {
        Map<QueueOperation, QueueRestOperation> operations = new EnumMap<>(QueueOperation.class);
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
        return operations;
    }

    @Override
    public String name() {
        return "queue";
    }

    @Override
    public QueueResource parse(AzureRequest request) {
        return QueuePathParser.parse(request);
    }

    @Override
    public QueueOperation route(QueueResource resource, AzureRequest request) {
        return QueueRouter.route(resource, request);
    }

    @Override
    public void authorize(QueueGrant grant, QueueOperation operation, QueueResource resource) {
        grant.authorize(operation, resource);
    }

    /**
     * A queue's target counts its messages: Get and Peek Messages the {@code numofmessages} they ask
     * for (a Get changes the messages it returns, so it is counted before it runs, by what it may
     * return), every other request on the queue one.
     */
    @Override
    public Load load(QueueOperation operation, QueueResource resource, AzureRequest request) {
        if (resource.kind() == QueueResourceKind.SERVICE) {
            return null;
        }
        long messages = operation == QueueOperation.GET_MESSAGES || operation == QueueOperation.PEEK_MESSAGES
                ? messagesAskedFor(request) : 1;
        return Load.queue(resource.account(), resource.queue(), messages);
    }

    /** {@code numofmessages}, or 1 when it is missing or not a count (the operation refuses the latter). */
    private static long messagesAskedFor(AzureRequest request) {
        String asked = request.queryParameter("numofmessages");
        if (asked == null || !asked.matches("[0-9]{1,2}")) {
            return 1;
        }
        return Math.max(1, Math.min(MAX_MESSAGES_ASKED, Integer.parseInt(asked)));
    }

    @Override
    public AzureResponse execute(QueueOperation operation, QueueResource resource, QueueGrant grant,
                                 AzureRequest request, String requestId) {
        return handler(operation).handle(resource, request);
    }
}
