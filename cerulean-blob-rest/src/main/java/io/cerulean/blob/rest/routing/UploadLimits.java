package io.cerulean.blob.rest.routing;

import io.cerulean.http.message.AzureRequest;

/**
 * The largest body one request may carry, by the era of the API version it names (contract 1.2):
 * Put Blob 64 MiB, 256 MiB, then 5,000 MiB; Put Block 4 MiB, 100 MiB, then 4,000 MiB; Append Block
 * 4 MiB, then 100 MiB from 2022-11-02; Put Page 4 MiB. A request with no version is served as the
 * newest.
 */
public final class UploadLimits {
    private static final long MIB = 1024L * 1024;
    /** The most bytes one Put Page writes. */
    public static final long PUT_PAGE = 4 * MIB;

    private UploadLimits() {
    }

    public static long putBlob(AzureRequest request) {
        String version = version(request);
        return version.compareTo("2019-12-12") >= 0 ? 5000 * MIB
                : version.compareTo("2016-05-31") >= 0 ? 256 * MIB : 64 * MIB;
    }

    public static long putBlock(AzureRequest request) {
        String version = version(request);
        return version.compareTo("2019-12-12") >= 0 ? 4000 * MIB
                : version.compareTo("2016-05-31") >= 0 ? 100 * MIB : 4 * MIB;
    }

    public static long appendBlock(AzureRequest request) {
        return version(request).compareTo("2022-11-02") >= 0 ? 100 * MIB : 4 * MIB;
    }

    private static String version(AzureRequest request) {
        String version = request.header("x-ms-version");
        return version == null ? "9999-12-31" : version;
    }
}
