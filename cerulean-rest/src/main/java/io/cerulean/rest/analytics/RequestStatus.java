package io.cerulean.rest.analytics;

/**
 * How Storage Analytics classifies an answered request ("Storage Analytics logged operations and
 * status messages"): the outcome, then, for a request not authenticated by the account's key or a
 * token, {@code Anonymous} or {@code SAS} before it ({@code SASSuccess},
 * {@code AnonymousClientOtherError}). A 304 and a 412 are client errors, as the service counts them.
 */
public enum RequestStatus {
    SUCCESS("Success"),
    THROTTLING_ERROR("ThrottlingError"),
    CLIENT_TIMEOUT_ERROR("ClientTimeoutError"),
    SERVER_TIMEOUT_ERROR("ServerTimeoutError"),
    CLIENT_OTHER_ERROR("ClientOtherError"),
    SERVER_OTHER_ERROR("ServerOtherError"),
    AUTHORIZATION_ERROR("AuthorizationError"),
    NETWORK_ERROR("NetworkError");

    /** The credentials a request may carry, as the log's authentication-type field names them. */
    public static final String AUTHENTICATED = "authenticated";
    public static final String SAS = "sas";
    public static final String ANONYMOUS = "anonymous";

    private final String name;

    RequestStatus(String name) {
        this.name = name;
    }

    /** The outcome of an answer with {@code status} and {@code errorCode} (null when none). */
    public static RequestStatus of(int status, String errorCode) {
        if (status < 300) {
            return SUCCESS;
        }
        if (status == 503 || "ServerBusy".equals(errorCode)) {
            return THROTTLING_ERROR;
        }
        if ("OperationTimedOut".equals(errorCode)) {
            return SERVER_TIMEOUT_ERROR;
        }
        if (status == 408) {
            return CLIENT_TIMEOUT_ERROR;
        }
        if (status == 401 || status == 403) {
            return AUTHORIZATION_ERROR;
        }
        return status < 500 ? CLIENT_OTHER_ERROR : SERVER_OTHER_ERROR;
    }

    /** The outcome's own name: {@code Success}, {@code ClientOtherError}. */
    public String outcomeName() {
        return name;
    }

    /** The name the log and the metrics give it for a request of {@code authType}: {@code SASSuccess}. */
    public String nameFor(String authType) {
        return prefix(authType) + name;
    }

    static String prefix(String authType) {
        return switch (authType) {
            case SAS -> "SAS";
            case ANONYMOUS -> "Anonymous";
            default -> "";
        };
    }

    /** Whether the service is to blame: what Availability does not count as available. */
    boolean serverFault() {
        return this == THROTTLING_ERROR || this == SERVER_TIMEOUT_ERROR || this == SERVER_OTHER_ERROR
                || this == NETWORK_ERROR;
    }
}
