package io.cerulean.table.rest.batch;

import io.cerulean.http.multipart.PartHeaders;
import io.cerulean.common.error.CommonError;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.rest.json.EntityBody;
import io.cerulean.table.rest.json.EntityJsonReader;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP request embedded in a batch, as sent: the method, the path of its target (scheme and
 * host stripped from an absolute URI, contract 6.1), the raw query, the embedded headers, the
 * body (surrounding blank lines removed) and the Content-ID if one was given, in the MIME part
 * headers (Python) or in the embedded headers (legacy). The Content-ID is only ever echoed.
 *
 * <p>The body is {@code batchBody[bodyStart, bodyEnd)}: a view of the batch body, not a copy, since
 * each of a change set's hundred operations is read once, where it lies.
 */
record BatchOperationRequest(String method, String rawPath, String rawQuery, PartHeaders headers,
                             byte[] batchBody, int bodyStart, int bodyEnd, String contentId) {
    /** The query options a sub-request may carry; others (leftover SAS parameters such as tn, spk, si) are ignored. */
    private static final List<String> KEPT_QUERY_OPTIONS = List.of("$select", "$format");
    private static final byte[] NO_BODY = new byte[0];

    BatchOperationRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(rawPath, "rawPath");
        Objects.requireNonNull(rawQuery, "rawQuery");
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(batchBody, "batchBody");
        Objects.checkFromToIndex(bodyStart, bodyEnd, batchBody.length);
    }

    /** A request whose body is all of {@code body}. */
    BatchOperationRequest(String method, String rawPath, String rawQuery, PartHeaders headers, byte[] body,
                          String contentId) {
        this(method, rawPath, rawQuery, headers, body, 0, body.length, contentId);
    }

    /** The entity the body holds; InvalidInput if it holds none. */
    EntityBody entity() {
        return EntityJsonReader.read(batchBody, bodyStart, bodyEnd - bodyStart);
    }

    /**
     * This sub-request as an {@link AzureRequest}, so that the rules for If-Match, Prefer,
     * X-HTTP-Method and content negotiation are the ones stand-alone operations use. Only
     * {@code $select} and {@code $format} survive from the query. The body stays here: it is
     * read with {@link #entity()}.
     *
     * @throws TableServiceException InvalidQueryParameterValue when a kept option is badly escaped
     */
    AzureRequest toAzureRequest(boolean secure) {
        HttpHeaders httpHeaders = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
        headers.forEach(httpHeaders::add);
        // Sub-requests are authorized through the batch request that carries them.
        return new AzureRequest(method, rawPath, keptQueryOptions(), httpHeaders, NO_BODY, secure, "");
    }

    private Map<String, List<String>> keptQueryOptions() {
        Map<String, List<String>> kept = new HashMap<>();
        if (rawQuery.isEmpty()) {
            return kept;
        }
        try {
            new QueryStringDecoder(rawQuery, false).parameters().forEach((name, values) -> {
                if (KEPT_QUERY_OPTIONS.contains(name)) {
                    kept.put(name, values);
                }
            });
        } catch (IllegalArgumentException e) {
            throw new TableServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                    "The query of the operation's URL is not correctly percent-encoded.");
        }
        return kept;
    }
}
