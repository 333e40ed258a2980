package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.service.BlobAddress;
import io.cerulean.blob.service.BlobService;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The earlier snapshot a page range diff is taken against: {@code prevsnapshot}, or the snapshot
 * {@code x-ms-previous-snapshot-url} names, which must be a snapshot of the same blob of the same
 * account. A snapshot that is not there is 409 PreviousSnapshotNotFound; one not older than the
 * snapshot asked about is 400 PreviousSnapshotCannotBeNewer.
 */
final class PreviousSnapshots {
    private static final String HEADER = "x-ms-previous-snapshot-url";

    private PreviousSnapshots() {
    }

    /** The previous snapshot's id, null when the request names none. */
    static Long of(BlobResource resource, AzureRequest request, long snapshot) {
        String value = request.queryParameter("prevsnapshot");
        String url = request.header(HEADER);
        Long previous;
        if (value != null && !value.isEmpty()) {
            previous = SnapshotIds.parse("prevsnapshot", value);
        } else if (url != null && !url.isBlank()) {
            previous = fromUrl(resource, url.trim());
        } else {
            return null;
        }
        if (snapshot != BlobProperties.BASE && previous >= snapshot) {
            throw new ServiceException(BlobError.PREVIOUS_SNAPSHOT_CANNOT_BE_NEWER);
        }
        return previous;
    }

    /** The previous snapshot itself: 409 PreviousSnapshotNotFound when it is not (or no longer) there. */
    static BlobProperties read(BlobService service, BlobResource resource, long previous) {
        try {
            return service.blob(BlobAddress.of(resource.account(), resource.container(), resource.blob())
                    .atSnapshot(previous), null);
        } catch (ServiceException e) {
            if (e.errorCode() == BlobError.BLOB_NOT_FOUND) {
                throw new ServiceException(BlobError.PREVIOUS_SNAPSHOT_NOT_FOUND);
            }
            throw e;
        }
    }

    private static long fromUrl(BlobResource resource, String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw RequestHeaders.invalidHeader(HEADER, url, "it is not a URL.");
        }
        if (uri.getRawPath() == null || uri.getRawPath().isEmpty()) {
            throw RequestHeaders.invalidHeader(HEADER, url, "it names no blob.");
        }
        BlobResource named;
        try {
            named = BlobPathParser.parse(uri.getRawPath(), null);
        } catch (ServiceException e) {
            throw RequestHeaders.invalidHeader(HEADER, url, "it is not the path-style URL of a blob.");
        }
        if (named.kind() != BlobResourceKind.BLOB) {
            throw RequestHeaders.invalidHeader(HEADER, url, "it names no blob.");
        }
        String snapshot = snapshotOf(uri.getRawQuery());
        if (snapshot == null) {
            throw RequestHeaders.invalidHeader(HEADER, url, "it names no snapshot.");
        }
        long previous = SnapshotIds.parse(HEADER, snapshot);
        if (!named.account().equals(resource.account()) || !named.container().equals(resource.container())
                || !named.blob().equals(resource.blob())) {
            throw new ServiceException(BlobError.PREVIOUS_SNAPSHOT_NOT_FOUND, BlobError.PREVIOUS_SNAPSHOT_NOT_FOUND
                    .message() + " The previous snapshot is a snapshot of the same blob.");
        }
        return previous;
    }

    private static String snapshotOf(String rawQuery) {
        if (rawQuery == null) {
            return null;
        }
        for (String pair : rawQuery.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).equalsIgnoreCase("snapshot")) {
                return URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
