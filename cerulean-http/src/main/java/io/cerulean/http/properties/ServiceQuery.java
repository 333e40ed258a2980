package io.cerulean.http.properties;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.Refusals;

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
            throw Refusals.invalidQueryParameter("restype", restype);
        }
        if (!comp.equalsIgnoreCase(actual)) {
            throw Refusals.invalidQueryParameter("comp", actual);
        }
    }

}
