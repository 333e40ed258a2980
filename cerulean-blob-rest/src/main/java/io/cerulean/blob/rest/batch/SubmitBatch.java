package io.cerulean.blob.rest.batch;

import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.operations.BlobRestOperation;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.pipeline.ApiVersion;
import io.cerulean.http.pipeline.RequestIds;
import io.cerulean.http.pipeline.ResponseRenderer;
import io.cerulean.http.pipeline.SubRequests;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * Blob Batch: {@code POST ?comp=batch} on the account, or {@code ?restype=container&comp=batch} on a
 * container, whose sub-requests are all in that container. The batch itself needs only a valid
 * credential; each sub-request is answered by the kernel's stages as if it had come alone
 * ({@link SubRequests}), several at once ({@link ConcurrentParts}), and the batch is answered once
 * all are: 202 with a part per sub-request, in their order ({@link BatchAnswer}). A batch refused as a
 * whole ({@link BatchBody}) runs none and is 202 with one part holding the error, as the service
 * answers it. A batch without a Content-Type is 400 MissingRequiredHeader, its parts unread. A body
 * over {@value #MAX_BODY_BYTES} bytes is 413 RequestBodyTooLarge: the service's
 * limit for a batch, below what the Blob service buffers for other bodies.
 */
public final class SubmitBatch implements BlobRestOperation {
    static final int MAX_BODY_BYTES = 4 * 1024 * 1024;

    private final ResponseRenderer renderer;
    private final String defaultVersion;
    private final ConcurrentParts runner;

    /**
     * @param renderer       renders a batch refused as a whole as the service renders any error
     * @param defaultVersion the version answered to a batch that names none
     */
    public SubmitBatch(ResponseRenderer renderer, String defaultVersion) {
        this(renderer, defaultVersion, ConcurrentParts.helperPool());
    }

    /** @param helpers runs sub-requests beside the batch's own thread */
    SubmitBatch(ResponseRenderer renderer, String defaultVersion, Executor helpers) {
        this.renderer = renderer;
        this.defaultVersion = defaultVersion;
        this.runner = new ConcurrentParts(helpers);
    }

    /** Never called: a batch runs with the stages that answer its sub-requests (the method below). */
    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        throw new IllegalStateException("a batch runs with the stages that answer its sub-requests");
    }

    /** The batch's answer: each sub-request's, or the error that refuses them all. */
    public AzureResponse handle(BlobResource resource, AzureRequest request, String requestId,
                                SubRequests subRequests) {
        if (request.header("Content-Type") == null) {
            // A header the operation requires: refused as the request, before any part is read.
            throw new ServiceException(CommonError.MISSING_REQUIRED_HEADER, CommonError.MISSING_REQUIRED_HEADER.message(),
                    Map.of("HeaderName", "Content-Type"));
        }
        if (request.body().length > MAX_BODY_BYTES) {
            throw new ServiceException(CommonError.REQUEST_BODY_TOO_LARGE, CommonError.REQUEST_BODY_TOO_LARGE.message()
                    + " A batch's body may hold " + MAX_BODY_BYTES + " bytes at most.");
        }
        String version = request.header("x-ms-version");
        BatchAnswer answer = BatchAnswer.withRandomBoundary(
                version != null && ApiVersion.isWellFormed(version) ? version : defaultVersion);
        List<BatchPart> parts;
        try {
            parts = BatchBody.read(resource, request);
        } catch (ServiceException refused) {
            return answer.refused(renderer.error(refused, request, requestId, true));
        }
        List<AzureResponse> responses = runner.answer(parts, part -> subRequests.answer(part.request()));
        for (int i = 0; i < responses.size(); i++) {
            if (responses.get(i) == null) { // it failed unexpectedly, and was logged: a 500 as it would be alone
                responses.set(i, renderer.error(new ServiceException(CommonError.INTERNAL_ERROR),
                        parts.get(i).request(), RequestIds.next(), true));
            }
        }
        return answer.answers(parts, responses);
    }
}
