package io.cerulean.blob.rest.batch;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.blob.rest.routing.BlobRouter;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.multipart.EmbeddedRequest;
import io.cerulean.http.multipart.MimePart;
import io.cerulean.http.multipart.MultipartReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a batch's body into its sub-requests and checks the batch as a whole, before any of them runs:
 * <ul>
 *   <li>more than {@value #MAX_SUB_REQUESTS} sub-requests: 400 ExceedsMaxBatchRequestCount (reading
 *       stops at the one past the limit);</li>
 *   <li>none, a body that is not {@code multipart/mixed} {@code application/http} requests, a
 *       sub-request that is not a Delete Blob or a Set Blob Tier, one addressed to another account or
 *       (a container's batch) another container: 400 InvalidInput;</li>
 *   <li>both kinds in one batch: 400 AllBatchSubRequestsShouldBeSameApi.</li>
 * </ul>
 * On a path-style endpoint a sub-request's path may leave the account out: the Java SDK's
 * {@code BlobBatch.deleteBlob(container, blob)} sends {@code DELETE /container/blob}, signed as the
 * batch's account's, which is what a host-style endpoint's path looks like. A path whose first
 * segment is not the batch's account (nor its secondary) is read that way, as the batch's account's
 * ({@link #ofTheBatchsAccount}); so a path naming another account names, as on Azure, a container
 * of this one.
 * Whether each may run (its credentials, its blob's state) is its own answer's to say.
 */
final class BatchBody {
    static final int MAX_SUB_REQUESTS = 256;

    private BatchBody() {
    }

    /** The sub-requests of {@code batch}, addressed to {@code scope} (the account, or one container). */
    static List<BatchPart> read(BlobResource scope, AzureRequest batch) {
        String boundary = MultipartReader.boundary(batch.header("Content-Type"));
        byte[] body = batch.body();
        List<MimePart> parts = MultipartReader.read(body, 0, body.length, boundary, MAX_SUB_REQUESTS + 1);
        if (parts.size() > MAX_SUB_REQUESTS) {
            throw new ServiceException(BlobError.EXCEEDS_MAX_BATCH_REQUEST_COUNT);
        }
        if (parts.isEmpty()) {
            throw MultipartReader.malformed("it holds no sub-request");
        }
        List<BatchPart> read = new ArrayList<>(parts.size());
        for (MimePart part : parts) {
            EmbeddedRequest embedded = EmbeddedRequest.read(part);
            String contentId = part.headers().first("Content-ID");
            BatchPart subRequest = subRequest(scope, contentId, ofTheBatchsAccount(scope, embedded.toAzureRequest(batch)));
            if (!read.isEmpty() && api(read.get(0).operation()) != api(subRequest.operation())) {
                throw new ServiceException(BlobError.ALL_BATCH_SUB_REQUESTS_SHOULD_BE_SAME_API);
            }
            read.add(subRequest);
        }
        return read;
    }

    private static BatchPart subRequest(BlobResource scope, String contentId, AzureRequest request) {
        BlobResource target;
        BlobOperation operation;
        try {
            target = BlobPathParser.parse(request);
            operation = BlobRouter.route(target, request);
        } catch (ServiceException e) {
            throw invalid("a sub-request's URL or method is not one of a Delete Blob or a Set Blob Tier: "
                    + e.getMessage());
        }
        if (operation != BlobOperation.DELETE_BLOB && operation != BlobOperation.DELETE_BLOB_VERSION
                && operation != BlobOperation.SET_BLOB_TIER) {
            throw invalid("a batch holds Delete Blob or Set Blob Tier requests only.");
        }
        if (!target.account().equals(scope.account()) || target.secondary() != scope.secondary()) {
            throw invalid("a sub-request addresses another account than the batch's.");
        }
        if (scope.kind() == BlobResourceKind.CONTAINER && !scope.container().equals(target.container())) {
            throw invalid("a sub-request addresses another container than the batch's.");
        }
        return new BatchPart(contentId, request, operation, target.container() + '/' + target.blob());
    }

    /**
     * {@code request} as a request of {@code scope}'s account: unchanged when its path starts with
     * that account, else read as host-style on it (its Host naming the account, which no signature
     * covers, so that its path, as signed, is the path after the account).
     */
    static AzureRequest ofTheBatchsAccount(BlobResource scope, AzureRequest request) {
        if (BlobPathParser.URLS.hostAccount(request).isPresent()) {
            return request;
        }
        String path = request.rawPath();
        String secondary = scope.account() + "-secondary";
        if (startsWithSegment(path, scope.account()) || startsWithSegment(path, secondary)) {
            return request; // the account named, in either role: checked against the batch's below
        }
        String accountSegment = scope.secondary() ? secondary : scope.account();
        String host = request.header("Host");
        request.headers().set("Host", accountSegment + ".blob." + (host == null || host.isEmpty() ? "localhost" : host));
        return request;
    }

    private static boolean startsWithSegment(String path, String segment) {
        return path.equals("/" + segment) || path.startsWith("/" + segment + "/");
    }

    private static ServiceException invalid(String why) {
        return new ServiceException(CommonError.INVALID_INPUT, CommonError.INVALID_INPUT.message() + " " + why);
    }

    /** The API a sub-request is of: deleting a version is a Delete Blob, whatever the permission it asks. */
    private static BlobOperation api(BlobOperation operation) {
        return operation == BlobOperation.DELETE_BLOB_VERSION ? BlobOperation.DELETE_BLOB : operation;
    }
}
