package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.BlockListXml;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.BlockLists;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.message.QueryParameters;
import java.util.Locale;
import java.util.Optional;

/**
 * Get Block List (contract 3.6; of the blob, a {@code snapshot} or a {@code versionid}): the committed
 * blocks (the default), the staged ones (the blob's alone), or both, each
 * list present even when empty; {@code x-ms-blob-content-length} is the committed size, and the
 * ETag and Last-Modified come only with a committed blob. {@code x-ms-if-tags} is checked on the
 * committed blob's tags (412 ConditionNotMet).
 */
public final class GetBlockList implements BlobRestOperation {
    private final BlobService service;

    public GetBlockList(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        String type = request.queryParameter("blocklisttype");
        String which = type == null ? "committed" : type.toLowerCase(Locale.ROOT);
        if (!which.equals("committed") && !which.equals("uncommitted") && !which.equals("all")) {
            throw QueryParameters.invalid("blocklisttype", type, "It is committed, uncommitted or all.");
        }
        BlockLists lists = service.blockLists(SnapshotIds.address(resource, request), RequestHeaders.leaseId(request));
        AzureResponse response = AzureResponse.status(200);
        Optional<BlobProperties> blob = lists.blob();
        // x-ms-if-tags holds on the committed blob's tags; a blob with only staged blocks has none
        RequestHeaders.conditions(request).checkTags(blob.map(BlobProperties::tags).orElse(java.util.Map.of()));
        blob.ifPresent(b -> BlobResponses.written(response, b));
        response.header("x-ms-blob-content-length", Long.toString(blob.map(BlobProperties::contentLength).orElse(0L)));
        return response.body(MediaTypes.XML, BlockListXml.write(
                which.equals("uncommitted") ? Optional.empty() : Optional.of(lists.committed()),
                which.equals("committed") ? Optional.empty() : Optional.of(lists.uncommitted())));
    }
}
