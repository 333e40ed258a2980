package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import java.util.Map;

/**
 * The range a read asks for (contract 4.2): {@code bytes=s-e} or {@code bytes=s-}, from
 * {@code x-ms-range} if sent, else {@code Range}. A suffix range, several ranges or a value that
 * does not parse are not served as ranges: the whole blob is read, as the service does with
 * what it does not document.
 *
 * @param first the first byte
 * @param last  the last byte, inclusive, within the blob
 */
record ByteRange(long first, long last) {
    long length() {
        return last - first + 1;
    }

    String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    /**
     * The range asked for in a blob of {@code size} bytes; null for the whole blob.
     *
     * @throws ServiceException 416 InvalidRange, with {@code Content-Range: bytes *&#47;size}, when it
     *         starts at or past the end
     */
    static ByteRange of(AzureRequest request, long size) {
        String header = request.header("x-ms-range");
        if (header == null) {
            header = request.header("Range");
        }
        return header == null ? null : parse(header, size);
    }

    /** A {@code bytes=} range in a blob of {@code size} bytes; null when it is not one served as a range. */
    static ByteRange parse(String header, long size) {
        String value = header.trim();
        if (!value.startsWith("bytes=") || value.indexOf(',') >= 0) {
            return null;
        }
        String spec = value.substring("bytes=".length()).trim();
        int dash = spec.indexOf('-');
        if (dash <= 0) {
            return null;
        }
        long first;
        long last;
        try {
            first = Long.parseLong(spec.substring(0, dash).trim());
            String end = spec.substring(dash + 1).trim();
            last = end.isEmpty() ? Long.MAX_VALUE : Long.parseLong(end);
        } catch (NumberFormatException e) {
            return null;
        }
        if (first < 0 || last < first) {
            return null;
        }
        if (first >= size) {
            throw new ServiceException(BlobError.INVALID_RANGE, BlobError.INVALID_RANGE.message(), Map.of(),
                    Map.of("Content-Range", "bytes */" + size));
        }
        return new ByteRange(first, Math.min(last, size - 1));
    }
}
