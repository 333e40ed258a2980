package io.cerulean.queue.error;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * When a queue or a message keeps changing under a request: every change is a conditional commit
 * on what was read, tried again when another writer got there first, up to {@link #ATTEMPTS} times
 * before the client is answered 503 ServerBusy and retries.
 */
public final class ServerBusy {
    /** Commits lost to other writers on one queue or message before giving up. */
    public static final int ATTEMPTS = 100;

    private ServerBusy() {
    }

    public static ServiceException exception() {
        return new ServiceException(CommonError.SERVER_BUSY,
                "The queue is being changed by too many concurrent requests; please retry.");
    }
}
