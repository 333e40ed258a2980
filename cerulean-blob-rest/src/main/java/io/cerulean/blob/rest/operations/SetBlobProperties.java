package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.service.Pages;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.SequenceAction;
import io.cerulean.blob.service.SequenceChange;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;

/**
 * Set Blob Properties (contract 3.8): the six {@code x-ms-blob-*} content properties replaced as a
 * set, those not sent cleared (the MD5 kept as sent, whatever its length); a new ETag. For a page
 * blob it may also set the size ({@code x-ms-blob-content-length}, a multiple of 512 up to 8 TiB:
 * pages past it go, zeros come after the old end) and the sequence number
 * ({@code x-ms-sequence-number-action: max|update|increment}); a request that does only that, as
 * the SDKs' resize and sequence number calls do, keeps the content properties.
 */
public final class SetBlobProperties implements BlobRestOperation {
    private final BlobService service;

    public SetBlobProperties(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        Long size = RequestHeaders.longHeader(request, "x-ms-blob-content-length");
        if (size != null && (size < 0 || size % Pages.PAGE != 0 || size > Pages.MAX_SIZE)) {
            throw RequestHeaders.invalidHeader("x-ms-blob-content-length", size.toString(),
                    "a page blob's size is a multiple of 512 bytes, at most 8 TiB.");
        }
        SequenceChange sequence = sequence(request);
        ContentHeaders headers = RequestHeaders.contentHeadersAsSent(request, false);
        boolean keepHeaders = (size != null || sequence != null) && headers.equals(ContentHeaders.NONE);
        BlobProperties blob = service.setBlobProperties(resource.account(), resource.container(), resource.blob(),
                keepHeaders ? null : headers, size, sequence, RequestHeaders.conditions(request));
        AzureResponse response = BlobResponses.written(AzureResponse.status(200), blob);
        if (blob.type() == BlobType.PAGE_BLOB) {
            response.header("x-ms-blob-sequence-number", Long.toString(blob.sequenceNumber()));
        }
        return response;
    }

    private static SequenceChange sequence(AzureRequest request) {
        String action = request.header("x-ms-sequence-number-action");
        if (action == null) {
            return null;
        }
        SequenceAction kind = switch (action.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "max" -> SequenceAction.MAX;
            case "update" -> SequenceAction.UPDATE;
            case "increment" -> SequenceAction.INCREMENT;
            default -> throw RequestHeaders.invalidHeader("x-ms-sequence-number-action", action,
                    "it is max, update or increment.");
        };
        Long value = RequestHeaders.longHeader(request, "x-ms-blob-sequence-number");
        if (kind != SequenceAction.INCREMENT && value == null) {
            throw RequestHeaders.missingHeader("x-ms-blob-sequence-number");
        }
        if (kind == SequenceAction.INCREMENT && value != null) {
            throw RequestHeaders.invalidHeader("x-ms-blob-sequence-number", value.toString(),
                    "an increment takes no number.");
        }
        return new SequenceChange(kind, value == null ? 0 : value);
    }
}
