package io.cerulean.http.message;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * The refusals every service's routing makes alike, with the service's wording: a method the
 * resource does not serve, a query parameter that names no operation, a write to the read-only
 * secondary endpoint.
 */
public final class Refusals {
    private Refusals() {
    }

    /** 405 UnsupportedHttpVerb. */
    public static ServiceException unsupportedVerb(String method) {
        return new ServiceException(CommonError.UNSUPPORTED_HTTP_VERB,
                CommonError.UNSUPPORTED_HTTP_VERB.message() + " The method " + method + " is not served here.");
    }

    /** 400 InvalidQueryParameterValue for a {@code restype} or {@code comp} that names no operation (null: missing). */
    public static ServiceException invalidQueryParameter(String name, String value) {
        return new ServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                CommonError.INVALID_QUERY_PARAMETER_VALUE.message() + " Query parameter " + name + " is "
                        + (value == null ? "missing." : "'" + value + "'."));
    }

    /**
     * 403 InsufficientAccountPermissions: the secondary endpoint is read-only, as on a read-access
     * geo-redundant account ("Common REST API error codes": "Write operations are not allowed").
     */
    public static ServiceException writeToSecondary(String account) {
        return new ServiceException(CommonError.INSUFFICIENT_ACCOUNT_PERMISSIONS,
                CommonError.INSUFFICIENT_ACCOUNT_PERMISSIONS.message() + " The secondary endpoint '"
                        + account + "-secondary' is read-only; write to '" + account + "'.");
    }
}
