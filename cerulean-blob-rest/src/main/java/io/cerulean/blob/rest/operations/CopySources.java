package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.resource.BlobResourceKind;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.CopySource;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * The source a copy names ({@code x-ms-copy-source}): an absolute URL, of a blob (or a snapshot of
 * one, or a version: {@code snapshot=}, {@code versionid=}) on this server, path-style or host-style, in any of its accounts, or of anything served
 * elsewhere over HTTP(S). Anything else is 400 InvalidHeaderValue. Its conditions are the
 * {@code x-ms-source-if-*} headers.
 *
 * <p>A source on this server is read as its own authorization allows ({@link CopySourceAuthorization}):
 * its SAS, the bearer token of {@code x-ms-copy-source-authorization}, or its container's public
 * access. Copy Blob alone may read a source of the caller's own account with the caller's rights, as
 * the service lets it when the source URL carries no credential. A URL is this server's when its
 * port is the one the request reached and its host the same name (a host-style
 * {@code ACCOUNT.blob.} prefix aside), or both are loopback names.
 */
final class CopySources {
    private final CopySourceAuthorization authorization;

    CopySources(CopySourceAuthorization authorization) {
        this.authorization = authorization;
    }

    /** What a copy reads: a blob of this server ({@code local}) or a URL served elsewhere ({@code remote}). */
    record Source(CopySource local, URI remote, String url) {
        boolean isLocal() {
            return local != null;
        }
    }

    /**
     * The request's source, authorised to be read when it is on this server.
     *
     * @param callersRights whether a source of the caller's account named without a credential is read with
     *                      the caller's rights (Copy Blob), rather than as an anonymous reader (the sync copies)
     */
    Source of(AzureRequest request, BlobResource target, boolean callersRights) {
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
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it is not an HTTP or HTTPS URL.");
        }
        if (!ServerNames.sameServer(uri, request)) {
            return new Source(null, uri, url);
        }
        String bearer = request.header("x-ms-copy-source-authorization");
        AzureRequest read = CopySourceAuthorization.readOf(uri, bearer);
        BlobResource source;
        try {
            source = CopySourceAuthorization.resourceOf(read);
        } catch (ServiceException e) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it names no blob.");
        }
        if (source.kind() != BlobResourceKind.BLOB) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "it names no blob.");
        }
        boolean ownCredential = read.queryParameter("sig") != null || bearer != null;
        if (ownCredential || !callersRights || !source.account().equals(target.account())) {
            authorization.check(read, source);
        }
        return new Source(new CopySource(source.account(), source.container(), source.blob(),
                moment(read.queryParameter("snapshot"), url, "snapshot"),
                moment(read.queryParameter("versionid"), url, "versionid"), url), null, url);
    }

    /** The snapshot or version ({@code parameter}) the URL names, as ticks; BlobProperties.BASE for none. */
    private static long moment(String value, String url, String parameter) {
        if (value == null || value.isEmpty()) {
            return BlobProperties.BASE;
        }
        try {
            Instant instant = Instant.parse(value);
            return instant.getEpochSecond() * 10_000_000L + instant.getNano() / 100;
        } catch (DateTimeParseException e) {
            throw RequestHeaders.invalidHeader("x-ms-copy-source", url, "its " + parameter + " is not a moment.");
        }
    }

    /** {@code x-ms-source-if-match}, {@code -none-match}, {@code -modified-since}, {@code -unmodified-since}, and the source's lease. */
    static Conditions conditions(AzureRequest request) {
        return RequestHeaders.conditions(request, "x-ms-source-if-", "x-ms-source-lease-id");
    }
}
