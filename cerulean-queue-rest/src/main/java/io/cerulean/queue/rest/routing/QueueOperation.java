package io.cerulean.queue.rest.routing;

import io.cerulean.http.pipeline.RoutedOperation;

/**
 * Every operation of the Queue service, with what the kernel needs to know of it
 * ({@link RoutedOperation}: none runs on the event loop, none streams its body) and what a shared
 * access signature must grant to run it (contract 2.3, 2.5). Each constant names:
 * <ul>
 *   <li>whether it changes nothing (the secondary endpoint serves only these, and only the others
 *       wait for durability before they are answered: Get Messages is a GET that writes, since each
 *       message it hands out is invisible for a while, its dequeue count one higher and its pop
 *       receipt new, which must survive a crash before the consumer hears of it);</li>
 *   <li>the account SAS resource types ({@code srt}), any one of which allows it: service,
 *       container (a queue) or object (messages). Delete, Update and Clear Messages take a container
 *       as well as an object, since Azurite asks for the container and SAS made against it carry
 *       that;</li>
 *   <li>the account SAS permission letters ({@code sp}), any one of which allows it; empty when no
 *       SAS may run it (a queue's ACL);</li>
 *   <li>the queue SAS letter that allows it, or {@link #NO_QUEUE_SAS}.</li>
 * </ul>
 */
public enum QueueOperation implements RoutedOperation {
    LIST_QUEUES(true, "s", "l", Constants.NO_QUEUE_SAS),
    GET_SERVICE_PROPERTIES(true, "s", "r", Constants.NO_QUEUE_SAS),
    SET_SERVICE_PROPERTIES(false, "s", "w", Constants.NO_QUEUE_SAS),
    GET_SERVICE_STATS(true, "s", "r", Constants.NO_QUEUE_SAS),
    CREATE_QUEUE(false, "c", "wc", Constants.NO_QUEUE_SAS),
    DELETE_QUEUE(false, "c", "d", Constants.NO_QUEUE_SAS),
    GET_QUEUE_METADATA(true, "c", "r", 'r'),
    SET_QUEUE_METADATA(false, "c", "w", Constants.NO_QUEUE_SAS),
    GET_QUEUE_ACL(true, "c", "", Constants.NO_QUEUE_SAS),
    SET_QUEUE_ACL(false, "c", "", Constants.NO_QUEUE_SAS),
    PUT_MESSAGE(false, "o", "a", 'a'),
    GET_MESSAGES(false, "o", "p", 'p'),
    PEEK_MESSAGES(true, "o", "r", 'r'),
    DELETE_MESSAGE(false, "oc", "p", 'p'),
    UPDATE_MESSAGE(false, "oc", "u", 'u'),
    CLEAR_MESSAGES(false, "oc", "d", Constants.NO_QUEUE_SAS);

    /** What {@link #queuePermission()} is for an operation no queue SAS may run. */
    public static final char NO_QUEUE_SAS = Constants.NO_QUEUE_SAS;

    private final boolean read;
    private final String resourceTypes;
    private final String accountPermissions;
    private final char queuePermission;

    QueueOperation(boolean read, String resourceTypes, String accountPermissions, char queuePermission) {
        this.read = read;
        this.resourceTypes = resourceTypes;
        this.accountPermissions = accountPermissions;
        this.queuePermission = queuePermission;
    }

    @Override
    public boolean isRead() {
        return read;
    }

    /** The names Storage Analytics gives the operations whose constants say it otherwise. */
    @Override
    public String operationName() {
        return switch (this) {
            case GET_SERVICE_PROPERTIES -> "GetQueueServiceProperties";
            case SET_SERVICE_PROPERTIES -> "SetQueueServiceProperties";
            case GET_SERVICE_STATS -> "GetQueueServiceStats";
            case GET_QUEUE_ACL -> "GetQueueACL";
            case SET_QUEUE_ACL -> "SetQueueACL";
            default -> RoutedOperation.super.operationName();
        };
    }

    public String resourceTypes() {
        return resourceTypes;
    }

    public String accountPermissions() {
        return accountPermissions;
    }

    public char queuePermission() {
        return queuePermission;
    }

    /** Enum constants cannot name a static field of their own class in their arguments. */
    private static final class Constants {
        static final char NO_QUEUE_SAS = 0;
    }
}
