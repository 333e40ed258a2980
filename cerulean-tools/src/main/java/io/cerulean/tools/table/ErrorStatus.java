package io.cerulean.tools.table;

import com.azure.data.tables.models.TableServiceException;
import java.util.Map;

/**
 * The HTTP status of a table service error. A failed transaction's exception carries the failed
 * operation's error code but no response (the SDK drops the part's status line), so the status is
 * told from the code, as the Table service's error code reference pairs them.
 */
final class ErrorStatus {
    private static final Map<String, Integer> BY_CODE = Map.ofEntries(
            Map.entry("AuthenticationFailed", 403), Map.entry("AuthorizationFailure", 403),
            Map.entry("AuthorizationPermissionMismatch", 403), Map.entry("InsufficientAccountPermissions", 403),
            Map.entry("AccountIsDisabled", 403),
            Map.entry("TableNotFound", 404), Map.entry("ResourceNotFound", 404),
            Map.entry("EntityAlreadyExists", 409), Map.entry("TableAlreadyExists", 409),
            Map.entry("TableBeingDeleted", 409),
            Map.entry("UpdateConditionNotSatisfied", 412), Map.entry("ConditionNotMet", 412),
            Map.entry("RequestBodyTooLarge", 413),
            Map.entry("InternalError", 500), Map.entry("OperationTimedOut", 500),
            Map.entry("ServerBusy", 503));

    private ErrorStatus() {
    }

    /** The response's status when there is one, else the code's, else 400 (the codes of bad input). */
    static int of(TableServiceException e) {
        if (e.getResponse() != null) {
            return e.getResponse().getStatusCode();
        }
        return BY_CODE.getOrDefault(TableWriter.errorCode(e), 400);
    }
}
