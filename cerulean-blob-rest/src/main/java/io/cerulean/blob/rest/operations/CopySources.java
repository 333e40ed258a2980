package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.service.BlobService;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The source a copy names ({@code x-ms-copy-source}): an absolute path-style URL of a blob, or of a
 * snapshot or a version of one ({@code snapshot=}, {@code versionid=}), in the same account, on this
 * server (its host is not compared: a client may reach the server by another name); anything else is
 * 400 InvalidHeaderValue. Its conditions are the {@code x-ms-source-if-*} headers.
 *
 * <p>The source is read with the rights the caller has on the account; a SAS on its URL is not
 * checked, which for a copy within one account gives nothing the caller did not have.
 */
final class CopySources {
    private CopySources() {
    }

    static BlobService.CopySource of(AzureRequest request, BlobResource target) {
        String url = request.header("x-ms-copy-source");
        if (url == null || url.isBlank()) {
            throw RequestHeaders.missingHeader("x-ms-copy-source");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it is not a URL.");
        }
        if (!uri.isAbsolute() || uri.getRawAuthority() == null) {
            // A path alone is not taken as this server's: the service wants the whole URL.
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it is not an absolute URL.");
        }
        if (uri.getRawPath() == null || uri.getRawPath().isEmpty()) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it names no blob.");
        }
        BlobResource source;
        try {
            source = BlobPathParser.parse(uri.getRawPath(), null);
        } catch (ServiceException e) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it names no blob.");
        }
        if (source.kind() != BlobResourceKind.BLOB) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it names no blob.");
        }
        if (!source.account().equals(target.account())) {
            throw new ServiceException(BlobError.CANNOT_VERIFY_COPY_SOURCE, "Copies between accounts are not served: "
                    + "the source is in account '" + source.account() + "'.");
        }
        return new BlobService.CopySource(source.account(), source.container(), source.blob(),
                moment(uri, url, "snapshot"), moment(uri, url, "versionid"), url);
    }

    /** The snapshot or version ({@code parameter}) the URL names, as ticks; BlobProperties.BASE for none. */
    private static long moment(URI uri, String url, String parameter) {
        String query = uri.getQuery();
        if (query == null) {
            return BlobProperties.BASE;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith(parameter + "=")) {
                try {
                    Instant instant = Instant.parse(pair.substring(parameter.length() + 1));
                    return instant.getEpochSecond() * 10_000_000L + instant.getNano() / 100;
                } catch (DateTimeParseException e) {
                    throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "its " + parameter
                            + " is not a moment.");
                }
            }
        }
        return BlobProperties.BASE;
    }

    /** {@code x-ms-source-if-match}, {@code -none-match}, {@code -modified-since}, {@code -unmodified-since}, and the source's lease. */
    static Conditions conditions(AzureRequest request) {
        return RequestHeaders.conditions(request, "x-ms-source-if-", "x-ms-source-lease-id");
    }
}
