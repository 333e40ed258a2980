package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.routing.UploadLimits;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.Pages;
import io.cerulean.blob.service.SequenceConditions;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import java.util.Locale;

/**
 * Put Page (contract 3.12): {@code x-ms-page-write: update} writes the body (streamed, exactly the
 * range's length) to the range, {@code clear} makes it zeros again; the range ({@code x-ms-range}
 * or {@code Range}, {@code bytes=s-e}) starts and ends on 512-byte pages and lies in the blob, or it
 * is 416 InvalidPageRange. 201 with the new ETag and the blob's sequence number.
 */
public final class PutPage implements BlobUpload {
    /** The most bytes one Put Page writes. */
    public static final long MAX_BYTES = UploadLimits.PUT_PAGE;

    private final BlobService service;

    public PutPage(BlobService service) {
        this.service = service;
    }

    @Override
    public BodySink receive(BlobResource resource, AzureRequest head) {
        pageWrite(head);
        return Uploads.receive(service.contents(), head, Uploads.Checksums.answered(head));
    }

    /** What the head asks: clear or write which pages, on which sequence conditions. */
    private record PageWrite(boolean clear, ByteRange range, long expected, SequenceConditions sequence) {
    }

    private static PageWrite pageWrite(AzureRequest request) {
        String write = request.header("x-ms-page-write");
        if (write == null) {
            throw RequestHeaders.missingHeader("x-ms-page-write");
        }
        boolean clear = switch (write.trim().toLowerCase(Locale.ROOT)) {
            case "update" -> false;
            case "clear" -> true;
            default -> throw RequestHeaders.invalidHeader("x-ms-page-write", write, "it is update or clear.");
        };
        String header = request.header("x-ms-range") != null ? request.header("x-ms-range") : request.header("Range");
        if (header == null) {
            throw RequestHeaders.missingHeader("x-ms-range");
        }
        ByteRange range = ByteRange.parse(header, Long.MAX_VALUE);
        if (range == null || range.first() % Pages.PAGE != 0 || range.length() % Pages.PAGE != 0
                || (!clear && range.length() > MAX_BYTES)) {
            throw new ServiceException(BlobError.INVALID_PAGE_RANGE, BlobError.INVALID_PAGE_RANGE.message()
                    + " A page range starts and ends on 512-byte pages, as bytes=first-last: '" + header + "' does not.");
        }
        Long declared = RequestHeaders.longHeader(request, "Content-Length");
        long expected = clear ? 0 : range.length();
        if (declared != null && declared != expected) {
            throw RequestHeaders.invalidHeader("Content-Length", declared.toString(), clear
                    ? "clearing pages sends no body." : "the body is as long as the range, " + expected + " bytes.");
        }
        SequenceConditions sequence = new SequenceConditions(
                RequestHeaders.longHeader(request, "x-ms-if-sequence-number-le"),
                RequestHeaders.longHeader(request, "x-ms-if-sequence-number-lt"),
                RequestHeaders.longHeader(request, "x-ms-if-sequence-number-eq"));
        return new PageWrite(clear, range, expected, sequence);
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        PageWrite page = pageWrite(request);
        boolean clear = page.clear();
        ByteRange range = page.range();
        long expected = page.expected();
        SequenceConditions sequence = page.sequence();
        Uploads.Upload upload = clear ? null
                : Uploads.write(service.contents(), request, Uploads.Checksums.answered(request));
        if (upload != null && upload.size() != expected) {
            service.discard(upload.content());
            throw RequestHeaders.invalidHeader("Content-Length", Long.toString(upload.size()),
                    "the body is as long as the range, " + expected + " bytes.");
        }
        BlobProperties blob = service.putPages(resource.account(), resource.container(), resource.blob(),
                range.first(), range.length(), upload == null ? null : upload.content(),
                RequestHeaders.conditions(request), sequence);
        AzureResponse response = BlobResponses.written(AzureResponse.status(201), blob)
                .header("x-ms-blob-sequence-number", Long.toString(blob.sequenceNumber()))
                .header("x-ms-request-server-encrypted", "true");
        if (upload != null) {
            upload.answer(response);
        }
        return response;
    }
}
