package io.cerulean.http.pipeline;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.BearerChallengeException;
import io.cerulean.http.error.ErrorBody;
import io.cerulean.http.error.XmlErrorBody;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.HttpDates;
import io.cerulean.http.message.SevenDigitTimes;
import io.cerulean.http.throttle.ThrottledException;
import java.time.Instant;

/**
 * Adds the headers every response carries and renders errors. The only place where an
 * {@link io.cerulean.common.error.ErrorCode} becomes a status, an {@code x-ms-error-code} and a
 * body. Stateless and thread-safe.
 */
public final class ResponseRenderer {
    private final ResponseStyle style;

    public ResponseRenderer(ResponseStyle style) {
        this.style = style;
    }

    public AzureResponse success(AzureResponse response, AzureRequest request, String requestId) {
        return withCommonHeaders(response, request, requestId);
    }

    /** The error's status, code and body: XML, or the service's own form. */
    public AzureResponse error(ServiceException e, AzureRequest request, String requestId, boolean xml) {
        ErrorBody body = xml ? XmlErrorBody.INSTANCE : style.otherErrors();
        String value = body.messageText(e.getMessage(), e.details()) + "\nRequestId:" + requestId + "\nTime:"
                + SevenDigitTimes.format(Instant.now());
        String code = e.errorCode().code();
        AzureResponse response = AzureResponse.status(e.errorCode().status()).header("x-ms-error-code", code);
        if (e.errorCode().status() == 503 && !(e instanceof ThrottledException)) {
            // ServerBusy: the SDKs retry with their own back-off, and other clients learn when to.
            // Azure sends none when it throttles, and neither does Cerulean then.
            response.header("Retry-After", "1");
        }
        if (e instanceof BearerChallengeException challenge) {
            // Where to get a token: the SDKs' bearer policies (tenant discovery) read it off a 401.
            response.header("WWW-Authenticate", challenge.wwwAuthenticate());
        }
        e.responseHeaders().forEach(response::header);
        if (request == null || !request.method().equals("HEAD")) {
            // A HEAD's answer has no body, and so names no media type: x-ms-error-code says why.
            response.body(body.contentType(), body.write(code, value, e.details()));
        }
        return withCommonHeaders(response, request, requestId);
    }

    /** An error for a request that could not even be read (oversized, malformed HTTP). */
    public AzureResponse earlyError(ServiceException e) {
        return error(e, null, RequestIds.next(), false);
    }

    private AzureResponse withCommonHeaders(AzureResponse response, AzureRequest request, String requestId) {
        String version = request == null ? null : request.header("x-ms-version");
        response.header("x-ms-request-id", requestId)
                .header("x-ms-version", version == null || !ApiVersion.isWellFormed(version) ? style.defaultVersion()
                        : version)
                .header("Date", HttpDates.format(Instant.now()))
                .header("X-Content-Type-Options", "nosniff");
        if (style.noCache()) {
            response.header("Cache-Control", "no-cache");
        }
        if (style.serviceHeaderName() != null) {
            response.header(style.serviceHeaderName(), style.serviceHeaderValue());
        }
        String clientRequestId = request == null ? null : request.header("x-ms-client-request-id");
        if (clientRequestId != null) {
            response.header("x-ms-client-request-id", clientRequestId);
        }
        return response;
    }
}
