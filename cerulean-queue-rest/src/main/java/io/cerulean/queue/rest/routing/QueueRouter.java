package io.cerulean.queue.rest.routing;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.Refusals;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.rest.ServiceRoutes;
import java.util.Locale;

/**
 * The one place a request becomes a {@link QueueOperation} (contract 3): the resource, the method,
 * and the {@code comp} / {@code restype} / {@code peekonly} parameters, values compared without
 * regard to case. Other parameters (a SAS's, {@code timeout}) play no part. A method the resource
 * does not serve is 405 UnsupportedHttpVerb; a {@code comp} it does not know is 400
 * InvalidQueryParameterValue. The service's own URL is routed as the Blob service's is
 * ({@link ServiceRoutes}).
 */
public final class QueueRouter {
    private static final ServiceRoutes<QueueOperation> SERVICE_ROUTES = new ServiceRoutes<>(
            QueueOperation.LIST_QUEUES, QueueOperation.GET_SERVICE_PROPERTIES, QueueOperation.SET_SERVICE_PROPERTIES,
            QueueOperation.GET_SERVICE_STATS);

    private QueueRouter() {
    }

    public static QueueOperation route(QueueResource resource, AzureRequest request) {
        String method = request.method();
        String comp = lower(request.queryParameter("comp"));
        return switch (resource.kind()) {
            case SERVICE -> SERVICE_ROUTES.route(method, comp, lower(request.queryParameter("restype")));
            case QUEUE -> queue(method, comp);
            case MESSAGES -> switch (method) {
                case "POST" -> QueueOperation.PUT_MESSAGE;
                case "GET" -> "true".equals(lower(request.queryParameter("peekonly")))
                        ? QueueOperation.PEEK_MESSAGES : QueueOperation.GET_MESSAGES;
                case "DELETE" -> QueueOperation.CLEAR_MESSAGES;
                default -> throw Refusals.unsupportedVerb(method);
            };
            case MESSAGE -> switch (method) {
                case "PUT" -> QueueOperation.UPDATE_MESSAGE;
                case "DELETE" -> QueueOperation.DELETE_MESSAGE;
                default -> throw Refusals.unsupportedVerb(method);
            };
        };
    }

    private static QueueOperation queue(String method, String comp) {
        if (comp == null) {
            return switch (method) {
                case "PUT" -> QueueOperation.CREATE_QUEUE;
                case "DELETE" -> QueueOperation.DELETE_QUEUE;
                default -> throw Refusals.unsupportedVerb(method);
            };
        }
        return switch (comp) {
            case "metadata" -> switch (method) {
                case "GET", "HEAD" -> QueueOperation.GET_QUEUE_METADATA;
                case "PUT" -> QueueOperation.SET_QUEUE_METADATA;
                default -> throw Refusals.unsupportedVerb(method);
            };
            case "acl" -> switch (method) {
                case "GET", "HEAD" -> QueueOperation.GET_QUEUE_ACL;
                case "PUT" -> QueueOperation.SET_QUEUE_ACL;
                default -> throw Refusals.unsupportedVerb(method);
            };
            default -> throw Refusals.invalidQueryParameter("comp", comp);
        };
    }

    private static String lower(String value) {
        return value == null ? null : value.toLowerCase(Locale.ROOT);
    }

}
