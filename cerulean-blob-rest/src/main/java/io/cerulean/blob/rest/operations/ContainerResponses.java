package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.ContainerProperties;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.model.PublicAccess;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.HttpDates;
import java.util.Locale;

/** The headers container operations answer with, and the one request header they share. */
final class ContainerResponses {
    private ContainerResponses() {
    }

    /** {@code ETag} and {@code Last-Modified}: what every write of a container answers. */
    static AzureResponse written(AzureResponse response, ContainerProperties container) {
        return response.header("ETag", ETags.quoted(container.etag()))
                .header("Last-Modified", HttpDates.format(container.lastModified()));
    }

    /** {@code x-ms-blob-public-access}: absent for a private container; 400 InvalidHeaderValue for another value. */
    static PublicAccess publicAccess(AzureRequest request) {
        String value = request.header("x-ms-blob-public-access");
        if (value == null || value.isEmpty()) {
            return PublicAccess.NONE;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "container" -> PublicAccess.CONTAINER;
            case "blob" -> PublicAccess.BLOB;
            default -> throw RequestHeaders.invalidHeader("x-ms-blob-public-access", value, "it is container or blob.");
        };
    }
}
