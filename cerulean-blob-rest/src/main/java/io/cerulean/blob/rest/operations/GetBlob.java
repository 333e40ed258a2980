package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.StorageCrc64;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobAddress;
import io.cerulean.blob.service.BlobContent;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.ReadableBlob;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;

/**
 * Get Blob (GET) and Get Blob Properties (HEAD), contract 3.7: the blob's properties as headers,
 * and for GET its bytes, whole (200) or the range asked for (206 with {@code Content-Range}),
 * streamed from the content store as the client reads them. A failed {@code If-Match} or
 * {@code If-Unmodified-Since} is 412 ConditionNotMet; a failed {@code If-None-Match} or
 * {@code If-Modified-Since} is 304 with no body; {@code If-None-Match: *} is 400
 * UnsatisfiableCondition, whether or not the blob exists.
 */
public final class GetBlob implements BlobRestOperation {
    /** The largest range whose MD5 or CRC-64 a read may ask for. */
    private static final long MAX_CHECKSUM_RANGE = 4L * 1024 * 1024;

    private final BlobService service;
    private final boolean withBody;

    public GetBlob(BlobService service, boolean withBody) {
        this.service = service;
        this.withBody = withBody;
    }

    /** The bytes are held from the moment the blob is found until the body is closed: a read that begins finishes. */
    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        if (RequestHeaders.conditions(request).requiresAbsent()) {
            // "Only if it does not exist" can never hold for a read of it: the service refuses it outright.
            throw new ServiceException(BlobError.UNSATISFIABLE_CONDITION);
        }
        BlobAddress at = SnapshotIds.address(resource, request);
        try (ReadableBlob found = service.openBlob(at, RequestHeaders.leaseId(request), withBody)) {
            AzureResponse response = answer(found, request, grant);
            BlobProperties blob = found.properties();
            if (blob.versionId() != null && response.status() != 304) {
                response.header("x-ms-version-id", blob.versionId());
                if (at.snapshot() == BlobProperties.BASE) {
                    response.header("x-ms-is-current-version", Boolean.toString(at.version() == BlobProperties.BASE
                            || isCurrent(resource, blob)));
                }
            }
            return response;
        }
    }

    /** Whether {@code blob}, found by its version id, is the blob's current version. */
    private boolean isCurrent(BlobResource resource, BlobProperties blob) {
        try {
            return blob.versionId().equals(service.blob(BlobAddress.of(resource.account(), resource.container(),
                    resource.blob()), null).versionId());
        } catch (ServiceException e) {
            return false;
        }
    }

    private AzureResponse answer(ReadableBlob found, AzureRequest request, BlobGrant grant) {
        BlobProperties blob = found.properties();
        Conditions conditions = RequestHeaders.conditions(request);
        conditions.checkTags(blob.tags());
        switch (conditions.check(blob.etag(), blob.lastModified())) {
            case FAILED -> throw new ServiceException(BlobError.CONDITION_NOT_MET);
            case NOT_MODIFIED -> {
                return BlobResponses.written(AzureResponse.status(304), blob);
            }
            case MET -> {
            }
        }
        Map<String, String> overrides = grant.responseOverrides();
        ContentHeaders headers = blob.headers();
        String storedType = overrides.getOrDefault("Content-Type", headers.contentType());
        String contentType = storedType == null ? ContentHeaders.DEFAULT_CONTENT_TYPE : storedType;
        if (!withBody) {
            AzureResponse response = BlobResponses.properties(AzureResponse.status(200), blob, overrides, true,
                    service.now());
            if (storedType != null) { // cleared by Set Blob Properties: the service then answers none
                response.header("Content-Type", storedType);
            }
            return response.declaredLength(blob.contentLength());
        }
        ByteRange range = ByteRange.of(request, blob.contentLength());
        boolean rangeMd5 = "true".equalsIgnoreCase(request.header("x-ms-range-get-content-md5"));
        boolean rangeCrc64 = "true".equalsIgnoreCase(request.header("x-ms-range-get-content-crc64"));
        if (rangeMd5 && rangeCrc64) {
            throw RequestHeaders.invalidHeader("x-ms-range-get-content-crc64", "true",
                    "a read asks for its range's MD5 or its CRC-64, not both.");
        }
        if (rangeMd5 || rangeCrc64) {
            checkedRange(range, rangeMd5 ? "x-ms-range-get-content-md5" : "x-ms-range-get-content-crc64");
        }
        AzureResponse response = BlobResponses.properties(AzureResponse.status(range == null ? 200 : 206), blob,
                overrides, range == null, service.now());
        long first = range == null ? 0 : range.first();
        long length = range == null ? blob.contentLength() : range.length();
        if (range != null) {
            response.header("Content-Range", range.contentRange(blob.contentLength()));
        }
        if (rangeMd5) {
            response.header("Content-MD5", Base64.getEncoder().encodeToString(md5(found.content(first, length))));
        }
        if (rangeCrc64) {
            response.header("x-ms-content-crc64", Base64.getEncoder().encodeToString(crc64(found.content(first, length))));
        }
        if (length == 0) {
            return response.body(contentType, new byte[0]);
        }
        return response.body(contentType, new BlobBody(found.content(first, length)));
    }

    /** A range's checksum is given for a range of at most 4 MiB. */
    private static void checkedRange(ByteRange range, String header) {
        if (range == null || range.length() > MAX_CHECKSUM_RANGE) {
            throw new ServiceException(CommonError.INVALID_HEADER_VALUE, CommonError.INVALID_HEADER_VALUE.message()
                    + " " + header + " needs a range of at most 4 MiB.",
                    RequestHeaders.pairs("HeaderName", header, "HeaderValue", "true"));
        }
    }

    /** The CRC-64 of a range of at most 4 MiB. */
    private static byte[] crc64(BlobContent content) {
        try (content) {
            StorageCrc64 crc = new StorageCrc64();
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(content.length(), 256 * 1024));
            while (content.read(buffer) >= 0) {
                buffer.flip();
                crc.update(buffer);
                buffer.clear();
            }
            return crc.digest();
        }
    }

    /** The MD5 of a range of at most 4 MiB, read whole. */
    private static byte[] md5(BlobContent content) {
        try (content) {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(content.length(), 256 * 1024));
            while (content.read(buffer) >= 0) {
                buffer.flip();
                md5.update(buffer);
                buffer.clear();
            }
            return md5.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }

}
