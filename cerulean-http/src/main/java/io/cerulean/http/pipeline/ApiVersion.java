package io.cerulean.http.pipeline;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;

/**
 * The {@code x-ms-version} a request asks for. Every well-formed version date is served, older or
 * newer than the ones Cerulean knows (clients pin old versions for years, and new SDKs must not be
 * refused for a date); a value that is not a date at all is refused as the service refuses it, with
 * 400 InvalidHeaderValue naming the header.
 */
public final class ApiVersion {
    static final String HEADER = "x-ms-version";

    private ApiVersion() {
    }

    /** @throws ServiceException 400 InvalidHeaderValue when the request's version is not a date */
    static void check(AzureRequest request) {
        String version = request.header(HEADER);
        if (version != null && !isWellFormed(version)) {
            throw new ServiceException(CommonError.INVALID_HEADER_VALUE, CommonError.INVALID_HEADER_VALUE.message()
                    + " HeaderName: " + HEADER + ", HeaderValue: " + version + ". A version is a date, YYYY-MM-DD.");
        }
    }

    /** Whether {@code version} is a date of the form {@code YYYY-MM-DD} with a month and a day that can exist. */
    public static boolean isWellFormed(String version) {
        if (version.length() != 10 || version.charAt(4) != '-' || version.charAt(7) != '-') {
            return false;
        }
        for (int i = 0; i < 10; i++) {
            if (i != 4 && i != 7 && (version.charAt(i) < '0' || version.charAt(i) > '9')) {
                return false;
            }
        }
        int month = Integer.parseInt(version, 5, 7, 10);
        int day = Integer.parseInt(version, 8, 10, 10);
        return month >= 1 && month <= 12 && day >= 1 && day <= 31;
    }
}
