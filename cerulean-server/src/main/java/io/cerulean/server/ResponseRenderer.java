package io.cerulean.server;

import io.cerulean.core.error.TableServiceException;
import io.cerulean.core.model.DateTimes;
import io.cerulean.server.http.AzureRequest;
import io.cerulean.server.http.AzureResponse;
import io.cerulean.server.http.HttpDates;
import io.cerulean.server.http.MediaTypes;
import io.cerulean.server.http.MetadataLevel;
import io.cerulean.server.json.ErrorBodies;
import java.time.Instant;

/**
 * Adds the headers every response carries and renders errors. The only place where an
 * {@link io.cerulean.common.error.ErrorCode} becomes a status, an {@code x-ms-error-code} and a body.
 */
final class ResponseRenderer {
    /** Served when a client sends no x-ms-version. */
    static final String DEFAULT_VERSION = "2020-12-06";

    private ResponseRenderer() {
    }

    static AzureResponse success(AzureResponse response, AzureRequest request, String requestId) {
        return withCommonHeaders(response, request, requestId);
    }

    static AzureResponse error(TableServiceException e, AzureRequest request, String requestId, boolean xml) {
        String value = e.getMessage() + "\nRequestId:" + requestId + "\nTime:" + DateTimes.formatSevenDigits(Instant.now());
        String code = e.errorCode().code();
        AzureResponse response = AzureResponse.status(e.errorCode().status()).header("x-ms-error-code", code);
        if (xml) {
            response.body(MediaTypes.XML, ErrorBodies.xml(code, value));
        } else {
            response.body(MediaTypes.json(MetadataLevel.MINIMAL_METADATA), ErrorBodies.json(code, value));
        }
        return withCommonHeaders(response, request, requestId);
    }

    private static AzureResponse withCommonHeaders(AzureResponse response, AzureRequest request, String requestId) {
        String version = request == null ? null : request.header("x-ms-version");
        response.header("x-ms-request-id", requestId)
                .header("x-ms-version", version == null ? DEFAULT_VERSION : version)
                .header("Date", HttpDates.format(Instant.now()))
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "no-cache")
                .header("DataServiceVersion", "3.0;");
        String clientRequestId = request == null ? null : request.header("x-ms-client-request-id");
        if (clientRequestId != null) {
            response.header("x-ms-client-request-id", clientRequestId);
        }
        return response;
    }

    /** An error for a request that could not even be read (oversized, malformed HTTP). */
    static AzureResponse earlyError(TableServiceException e) {
        return error(e, null, RequestIds.next(), false);
    }
}
