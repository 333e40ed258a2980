package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobAddress;
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
 * {@code <PageList><PageRange><Start>0</Start><End>511</End></PageRange>...</PageList>}. With
 * {@code prevsnapshot} (or {@code x-ms-previous-snapshot-url}, the same snapshot named by its URL),
 * the pages changed since that earlier snapshot of the blob instead, and as {@code <ClearRange>} those
 * cleared since ({@link PreviousSnapshots}, {@link Pages#diff}).
 */
public final class GetPageRanges implements BlobRestOperation {
    private final BlobService service;

    public GetPageRanges(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        long snapshot = SnapshotIds.of(request);
        Long previous = PreviousSnapshots.of(resource, request, snapshot);
        BlobProperties blob = service.blob(BlobAddress.of(resource.account(), resource.container(), resource.blob())
                .atSnapshot(snapshot), RequestHeaders.leaseId(request));
        RequestHeaders.conditions(request).checkTags(blob.tags());
        if (blob.type() != BlobType.PAGE_BLOB) {
            throw new ServiceException(BlobError.INVALID_BLOB_TYPE, BlobError.INVALID_BLOB_TYPE.message()
                    + " Only a page blob has page ranges.");
        }
        ByteRange range = blob.contentLength() == 0 ? null : ByteRange.of(request, blob.contentLength());
        long from = range == null ? 0 : range.first();
        long to = range == null ? Long.MAX_VALUE : range.last();
        XmlWriter xml = new XmlWriter();
        if (previous == null) {
            write(xml, Pages.ranges(blob.segments(), from, to).stream()
                    .map(pages -> new Pages.DiffRange(pages.first(), pages.last(), false)).toList());
        } else {
            BlobProperties before = PreviousSnapshots.read(service, resource, previous);
            write(xml, Pages.diff(blob.segments(), before.segments(), from, to));
        }
        return BlobResponses.written(AzureResponse.status(200), blob)
                .header("x-ms-blob-content-length", Long.toString(blob.contentLength()))
                .body(MediaTypes.XML, xml.bytes());
    }

    private static void write(XmlWriter xml, List<Pages.DiffRange> ranges) {
        if (ranges.isEmpty()) {
            xml.empty("PageList");
            return;
        }
        xml.start("PageList");
        for (Pages.DiffRange pages : ranges) {
            String element = pages.cleared() ? "ClearRange" : "PageRange";
            xml.start(element).element("Start", pages.first()).element("End", pages.last()).end(element);
        }
        xml.end("PageList");
    }
}
