package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.Pages;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MediaTypes;
import io.cerulean.http.xml.XmlWriter;
import java.util.List;

/**
 * Get Page Ranges (contract 3.12): the written pages of a page blob, or of a snapshot of one, within
 * the range asked for if any, adjacent runs merged, in order:
 * {@code <PageList><PageRange><Start>0</Start><End>511</End></PageRange>...</PageList>}.
 */
public final class GetPageRanges implements BlobRestOperation {
    private final BlobService service;

    public GetPageRanges(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlobProperties blob = service.blob(resource.account(), resource.container(), resource.blob(),
                SnapshotIds.of(request), RequestHeaders.leaseId(request));
        if (blob.type() != BlobType.PAGE_BLOB) {
            throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                    + " Only a page blob has page ranges.");
        }
        ByteRange range = blob.contentLength() == 0 ? null : ByteRange.of(request, blob.contentLength());
        List<Pages.PageRange> ranges = Pages.ranges(blob.segments(), range == null ? 0 : range.first(),
                range == null ? Long.MAX_VALUE : range.last());
        XmlWriter xml = new XmlWriter();
        if (ranges.isEmpty()) {
            xml.empty("PageList");
        } else {
            xml.start("PageList");
            for (Pages.PageRange pages : ranges) {
                xml.start("PageRange").element("Start", pages.first()).element("End", pages.last()).end("PageRange");
            }
            xml.end("PageList");
        }
        return BlobResponses.written(AzureResponse.status(200), blob)
                .header("x-ms-blob-content-length", Long.toString(blob.contentLength()))
                .body(MediaTypes.XML, xml.bytes());
    }
}
