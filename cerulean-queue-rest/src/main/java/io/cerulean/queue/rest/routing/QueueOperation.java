package io.cerulean.queue.rest.routing;

/**
 * Every operation of the Queue service, with what a shared access signature must grant to run it
 * (contract 2.3, 2.5):
 *
 * @param read                 whether it changes nothing (the secondary endpoint serves only these)
 * @param resourceType         the account SAS resource type ({@code srt}) it needs: service, container
 *                             (a queue) or object (messages)
 * @param accountPermissions   the account SAS permission letters ({@code sp}), any one of which allows it;
 *                             empty when no SAS may run it
 * @param queuePermission      the queue SAS letter that allows it, or 0 when a queue SAS may not run it
 */
public enum QueueOperation {
    LIST_QUEUES(true, 's', "l", (char) 0),
    GET_SERVICE_PROPERTIES(true, 's', "r", (char) 0),
    SET_SERVICE_PROPERTIES(false, 's', "w", (char) 0),
    GET_SERVICE_STATS(true, 's', "r", (char) 0),
    CREATE_QUEUE(false, 'c', "wc", (char) 0),
    DELETE_QUEUE(false, 'c', "d", (char) 0),
    GET_QUEUE_METADATA(true, 'c', "r", 'r'),
    SET_QUEUE_METADATA(false, 'c', "w", (char) 0),
    GET_QUEUE_ACL(true, 'c', "", (char) 0),
    SET_QUEUE_ACL(false, 'c', "", (char) 0),
    PUT_MESSAGE(false, 'o', "a", 'a'),
    GET_MESSAGES(false, 'o', "p", 'p'),
    PEEK_MESSAGES(true, 'o', "r", 'r'),
    DELETE_MESSAGE(false, 'o', "p", 'p'),
    UPDATE_MESSAGE(false, 'o', "u", 'u'),
    CLEAR_MESSAGES(false, 'o', "d", (char) 0);

    private final boolean read;
    private final char resourceType;
    private final String accountPermissions;
    private final char queuePermission;

    QueueOperation(boolean read, char resourceType, String accountPermissions, char queuePermission) {
        this.read = read;
        this.resourceType = resourceType;
        this.accountPermissions = accountPermissions;
        this.queuePermission = queuePermission;
    }

    public boolean isRead() {
        return read;
    }

    public char resourceType() {
        return resourceType;
    }

    public String accountPermissions() {
        return accountPermissions;
    }

    public char queuePermission() {
        return queuePermission;
    }
}
