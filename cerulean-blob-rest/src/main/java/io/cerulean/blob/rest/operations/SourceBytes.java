package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.CopiedContent;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.Deadline;
import java.util.Arrays;
import java.util.Base64;

/**
 * The bytes Put Block From URL and Append Block From URL take from their source: its
 * {@code x-ms-source-range} (all of it without one), read from this server's store or fetched from
 * elsewhere into new content, their MD5 checked against {@code x-ms-source-content-md5} if sent
 * (400 Md5Mismatch, the content discarded).
 */
final class SourceBytes {
    private SourceBytes() {
    }

    static CopiedContent read(BlobService service, CopySources.Source source, AzureRequest request) {
        byte[] expectedMd5 = RequestHeaders.md5(request, "x-ms-source-content-md5");
        String range = request.header("x-ms-source-range");
        CopiedContent copied;
        if (source.isLocal()) {
            BlobProperties original = service.copySource(source.local(), CopySources.conditions(request));
            long first = 0;
            long length = original.contentLength();
            if (range != null) {
                ByteRange asked = ByteRange.parse(range, original.contentLength());
                if (asked == null) {
                    throw RequestHeaders.invalidHeader("x-ms-source-range", range, "it is bytes=first-last.");
                }
                first = asked.first();
                length = asked.length();
            }
            copied = service.copyContent(original, first, length);
        } else {
            long first = 0;
            Long length = null;
            if (range != null) {
                ByteRange asked = ByteRange.parse(range, Long.MAX_VALUE);
                if (asked == null) {
                    throw RequestHeaders.invalidHeader("x-ms-source-range", range, "it is bytes=first-last.");
                }
                first = asked.first();
                length = asked.last() == Long.MAX_VALUE - 1 ? null : asked.length();
            }
            copied = service.copies().fetch(source.remote(), first, length).content();
        }
        if (expectedMd5 != null && !Arrays.equals(expectedMd5, copied.md5())) {
            service.discard(copied.content());
            throw new ServiceException(BlobError.MD5_MISMATCH, BlobError.MD5_MISMATCH.message(),
                    RequestHeaders.pairs("UserSpecifiedMd5", Base64.getEncoder().encodeToString(expectedMd5),
                            "ServerCalculatedMd5", Base64.getEncoder().encodeToString(copied.md5())));
        }
        if (request.deadline().passed()) {
            // A source read past the request's timeout commits nothing.
            service.discard(copied.content());
            throw Deadline.timedOut();
        }
        return copied;
    }
}
