package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The request headers the Blob operations share: conditions, content properties, MD5s. */
final class RequestHeaders {
    private RequestHeaders() {
    }

    /**
     * {@code If-Match}, {@code If-None-Match}, {@code If-Modified-Since}, {@code If-Unmodified-Since}, and
     * the lease id the caller holds ({@code x-ms-lease-id}).
     */
    static Conditions conditions(AzureRequest request) {
        return conditions(request, "If-", "x-ms-lease-id");
    }

    /**
     * The same four conditions under another prefix ({@code x-ms-source-if-} for a copy's source), a
     * lease header, and the tag condition ({@code x-ms-if-tags}, or {@code x-ms-source-if-tags}).
     */
    static Conditions conditions(AzureRequest request, String prefix, String leaseHeader) {
        String lease = request.header(leaseHeader);
        String tagsHeader = prefix.equals("If-") ? "x-ms-if-tags" : prefix + "tags";
        return new Conditions(etags(request.header(prefix + "Match")), etags(request.header(prefix + "None-Match")),
                date(request, prefix + "Modified-Since"), date(request, prefix + "Unmodified-Since"),
                lease == null || lease.isBlank() ? null : hyphenated(lease.trim()), false,
                TagHeaders.condition(request, tagsHeader));
    }

    /** {@code x-ms-lease-id}, null when not sent. */
    static String leaseId(AzureRequest request) {
        String value = request.header("x-ms-lease-id");
        return value == null || value.isBlank() ? null : hyphenated(value.trim());
    }

    /**
     * A lease id in the form the service keeps and answers: a GUID sent as 32 hex digits without
     * hyphens is the same GUID, so it gets them (in lower case); any other value is left as sent.
     */
    static String hyphenated(String id) {
        if (id.length() != 32) {
            return id;
        }
        for (int i = 0; i < 32; i++) {
            char c = id.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
                return id;
            }
        }
        return UUID.fromString(id.substring(0, 8) + "-" + id.substring(8, 12) + "-" + id.substring(12, 16) + "-"
                + id.substring(16, 20) + "-" + id.substring(20)).toString();
    }

    /** The date conditions alone: containers refuse ETag conditions (400), as the service does. */
    static Conditions dateConditions(AzureRequest request) {
        if (request.header("If-Match") != null || request.header("If-None-Match") != null) {
            throw new ServiceException(CommonError.INVALID_HEADER_VALUE, CommonError.INVALID_HEADER_VALUE.message()
                    + " A container takes no If-Match or If-None-Match condition, only dates.",
                    Map.of("HeaderName", request.header("If-Match") != null ? "If-Match" : "If-None-Match"));
        }
        return new Conditions(null, null, date(request, "If-Modified-Since"), date(request, "If-Unmodified-Since"),
                leaseId(request));
    }

    private static List<String> etags(String header) {
        if (header == null) {
            return null;
        }
        List<String> tags = new ArrayList<>();
        for (String tag : header.split(",")) {
            if (!tag.isBlank()) {
                tags.add(tag.trim());
            }
        }
        return tags;
    }

    private static Instant date(AzureRequest request, String name) {
        String value = request.header(name);
        if (value == null) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            throw invalidHeader(name, value, "it is not an HTTP date.");
        }
    }

    /**
     * The six content properties of a blob, from the {@code x-ms-blob-*} headers; with
     * {@code standardToo} (Put Blob), the standard {@code Content-Type}, {@code Content-Encoding},
     * {@code Content-Language} and {@code Cache-Control} headers stand in for the ones not sent.
     */
    static ContentHeaders contentHeaders(AzureRequest request, boolean standardToo) {
        return contentHeaders(request, standardToo, md5(request, "x-ms-blob-content-md5"));
    }

    /**
     * The same, with {@code x-ms-blob-content-md5} kept as sent whatever its length, as the service
     * keeps it where the blob's bytes are not checked against it: Set Blob Properties, and Put Blob
     * of an append or page blob.
     */
    static ContentHeaders contentHeadersAsSent(AzureRequest request, boolean standardToo) {
        return contentHeaders(request, standardToo, anyMd5(request, "x-ms-blob-content-md5"));
    }

    private static ContentHeaders contentHeaders(AzureRequest request, boolean standardToo, byte[] md5) {
        return new ContentHeaders(
                either(request, "x-ms-blob-content-type", standardToo ? "Content-Type" : null),
                either(request, "x-ms-blob-content-encoding", standardToo ? "Content-Encoding" : null),
                either(request, "x-ms-blob-content-language", standardToo ? "Content-Language" : null),
                request.header("x-ms-blob-content-disposition"),
                either(request, "x-ms-blob-cache-control", standardToo ? "Cache-Control" : null),
                md5);
    }

    private static String either(AzureRequest request, String blobHeader, String standard) {
        String value = request.header(blobHeader);
        if (value == null && standard != null) {
            value = request.header(standard);
        }
        return value;
    }

    /** A header holding an MD5: 16 bytes, Base64; 400 InvalidMd5 otherwise; null when absent. */
    static byte[] md5(AzureRequest request, String name) {
        String value = request.header(name);
        if (value == null || value.isEmpty()) {
            return null;
        }
        byte[] md5;
        try {
            md5 = Base64.getDecoder().decode(value.trim());
        } catch (IllegalArgumentException e) {
            md5 = null;
        }
        if (md5 == null || md5.length != 16) {
            throw new ServiceException(BlobError.INVALID_MD5, BlobError.INVALID_MD5.message(),
                    pairs("HeaderName", name, "HeaderValue", value));
        }
        return md5;
    }

    /**
     * A header holding an MD5 property of any length up to {@link ContentHeaders#MAX_MD5_LENGTH}
     * bytes, Base64; 400 InvalidMd5 for one that is not Base64 or longer; null when absent or empty.
     */
    private static byte[] anyMd5(AzureRequest request, String name) {
        String value = request.header(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            byte[] md5 = Base64.getDecoder().decode(value.trim());
            if (md5.length <= ContentHeaders.MAX_MD5_LENGTH) {
                return md5.length == 0 ? null : md5;
            }
        } catch (IllegalArgumentException e) {
            // answered below
        }
        throw new ServiceException(BlobError.INVALID_MD5, BlobError.INVALID_MD5.message(),
                pairs("HeaderName", name, "HeaderValue", value));
    }

    /**
     * The body's CRC-64 as {@code x-ms-content-crc64} sends it (8 bytes, Base64), null when not sent;
     * checks {@code Content-MD5} too, as a request may send one of the two and not both.
     */
    static byte[] checksums(AzureRequest request) {
        byte[] md5 = md5(request, "Content-MD5");
        byte[] crc64 = crc64(request, "x-ms-content-crc64");
        if (md5 != null && crc64 != null) {
            throw new ServiceException(BlobError.BOTH_CRC64_AND_MD5_HEADER_PRESENT);
        }
        return crc64;
    }

    /** A header holding a CRC-64: 8 bytes, Base64; 400 InvalidHeaderValue otherwise; null when absent. */
    static byte[] crc64(AzureRequest request, String name) {
        String value = request.header(name);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            byte[] crc64 = Base64.getDecoder().decode(value.trim());
            if (crc64.length == 8) {
                return crc64;
            }
        } catch (IllegalArgumentException e) {
            // answered below
        }
        throw invalidHeader(name, value, "a CRC-64 is 8 bytes, Base64.");
    }

    /** A header that must be a whole number. */
    static Long longHeader(AzureRequest request, String name) {
        String value = request.header(name);
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw invalidHeader(name, value, "it is not a whole number.");
        }
    }

    static ServiceException invalidHeader(String name, String value, String why) {
        return new ServiceException(CommonError.INVALID_HEADER_VALUE, CommonError.INVALID_HEADER_VALUE.message()
                + " The value of " + name + " is not valid: " + why, pairs("HeaderName", name, "HeaderValue", value));
    }

    /** Error details in the order the service writes them. */
    static Map<String, String> pairs(String name, String value, String secondName, String secondValue) {
        Map<String, String> pairs = new java.util.LinkedHashMap<>();
        pairs.put(name, value);
        pairs.put(secondName, secondValue);
        return pairs;
    }

    static ServiceException missingHeader(String name) {
        return new ServiceException(CommonError.MISSING_REQUIRED_HEADER, CommonError.MISSING_REQUIRED_HEADER.message()
                + " The header " + name + " is required.", Map.of("HeaderName", name));
    }
}
