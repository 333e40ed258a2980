package io.cerulean.http.faults;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import java.util.Arrays;
import java.util.stream.Collectors;

/** What an injected fault does to a request: one of the transient failures a retry policy must survive. */
public enum FaultKind {
    /** 500 InternalError. */
    INTERNAL_ERROR("InternalError", CommonError.INTERNAL_ERROR),
    /** 503 ServerBusy, with Retry-After, as a partition server over its targets answers. */
    SERVER_BUSY("ServerBusy", CommonError.SERVER_BUSY),
    /** 500 OperationTimedOut, as a request that ran out of time is answered. */
    OPERATION_TIMED_OUT("OperationTimedOut", CommonError.OPERATION_TIMED_OUT),
    /** No answer: the connection is closed in its place. */
    DROP("Drop", null);

    private final String jsonName;
    private final ErrorCode error;

    FaultKind(String jsonName, ErrorCode error) {
        this.jsonName = jsonName;
        this.error = error;
    }

    /** How a rule names it. */
    public String jsonName() {
        return jsonName;
    }

    /** The error answered; null for {@link #DROP}, which answers nothing. */
    public ErrorCode error() {
        return error;
    }

    /** @throws IllegalArgumentException naming the kinds there are */
    public static FaultKind named(String name) {
        for (FaultKind kind : values()) {
            if (kind.jsonName.equalsIgnoreCase(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("\"fault\" is one of " + Arrays.stream(values()).map(FaultKind::jsonName)
                .collect(Collectors.joining(", ")) + ", not \"" + name + "\"");
    }
}
