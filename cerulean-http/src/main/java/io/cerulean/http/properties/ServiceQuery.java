package io.cerulean.http.properties;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;

/**
 * The query that names an operation on the account ({@code ?restype=service&comp=...}). The router
 * sends every request on the account's root here by method alone; a request without
 * {@code restype=service} or with a {@code comp} the operation does not serve is 400
 * InvalidQueryParameterValue, as the service answers a query it cannot map to an operation.
 */
public final class ServiceQuery {
    private ServiceQuery() {
    }

    public static void require(AzureRequest request, String comp) {
        String restype = request.queryParameter("restype");
        String actual = request.queryParameter("comp");
        if (!"service".equalsIgnoreCase(restype)) {
            throw invalid("restype", restype);
        }
        if (!comp.equalsIgnoreCase(actual)) {
            throw invalid("comp", actual);
        }
    }

    private static ServiceException invalid(String name, String value) {
        return new ServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                CommonError.INVALID_QUERY_PARAMETER_VALUE.message() + " Query parameter " + name + " is "
                        + (value == null ? "missing." : "'" + value + "'."));
    }
}
