package io.cerulean.tools.table;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.models.TableServiceError;
import com.azure.data.tables.models.TableServiceException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service's answer inside what the SDK throws: its HTTP status, Azure error code and message.
 * The SDK wraps some answers in other exceptions, and a failed transaction's exception carries the
 * failed operation's error code but no response (the SDK drops the part's status line), so the
 * status is then told from the code, as the Table service's error code reference pairs them.
 */
final class ServiceErrors {
    private static final Map<String, Integer> STATUS_BY_CODE = Map.ofEntries(
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
    private static final Pattern CODE_IN_BODY = Pattern.compile("\"code\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern MESSAGE_IN_BODY = Pattern.compile("\"value\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private ServiceErrors() {
    }

    /** The service's answer the exception holds or was caused by, if any. */
    static HttpResponseException answer(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpResponseException response
                    && (response.getResponse() != null || response instanceof TableServiceException)) {
                return response;
            }
        }
        return null;
    }

    static int status(HttpResponseException e) {
        if (e.getResponse() != null) {
            return e.getResponse().getStatusCode();
        }
        return STATUS_BY_CODE.getOrDefault(code(e), 400);
    }

    static String code(HttpResponseException e) {
        if (e instanceof TableServiceException service) {
            TableServiceError error = service.getValue();
            if (error != null && error.getErrorCode() != null) {
                return error.getErrorCode().toString();
            }
        }
        String header = e.getResponse() == null ? null : e.getResponse().getHeaderValue("x-ms-error-code");
        if (header != null) {
            return header;
        }
        Matcher code = CODE_IN_BODY.matcher(String.valueOf(e.getMessage()));
        return code.find() ? code.group(1) : "";
    }

    /** The service's message: its first line, without a failed index in front. */
    static String message(HttpResponseException e) {
        String message = null;
        if (e instanceof TableServiceException service && service.getValue() != null) {
            message = service.getValue().getErrorMessage();
        }
        if (message == null) {
            Matcher value = MESSAGE_IN_BODY.matcher(String.valueOf(e.getMessage()));
            message = value.find() ? value.group(1).replace("\\n", "\n") : e.getMessage();
        }
        if (message == null) {
            return "";
        }
        message = message.replaceFirst("^\\d+:", "");
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }

    /** A failure as a user reads it: the status and Azure error code first, when the service answered. */
    static String describe(Throwable e) {
        HttpResponseException answer = answer(e);
        if (answer != null) {
            return status(answer) + " " + code(answer) + ": " + message(answer);
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
