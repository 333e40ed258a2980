package io.cerulean.http.throttle;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * A request refused for being past a scalability target: 503 ServerBusy with the message Azure sends
 * for that target. Unlike a store that cannot answer, it carries no {@code Retry-After}: Azure Storage
 * sends none when it throttles, and the storage SDKs do not read one (they back off exponentially).
 */
public final class ThrottledException extends ServiceException {
    private static final long serialVersionUID = 1L;

    /** The account's requests a second (the Common REST API error codes' wording). */
    static final String ACCOUNT_OPERATIONS = "Operations per second is over the account limit.";
    static final String ACCOUNT_INGRESS = "Ingress is over the account limit.";
    static final String ACCOUNT_EGRESS = "Egress is over the account limit.";
    /** A partition, queue or blob: the ServerBusy that names no account limit. */
    static final String RESOURCE_BUSY = CommonError.SERVER_BUSY.message();

    ThrottledException(String message) {
        super(CommonError.SERVER_BUSY, message);
    }
}
