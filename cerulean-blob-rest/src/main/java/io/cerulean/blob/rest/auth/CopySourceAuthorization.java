package io.cerulean.blob.rest.auth;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.rest.resource.BlobPathParser;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.routing.BlobOperation;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.message.AzureRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Whether a copy may read its source on this server: the source is authorised as a request to read it
 * (Get Blob) would be, with the source URL's own credential (its SAS: a blob, container or account SAS
 * of the source's account) or the bearer token of {@code x-ms-copy-source-authorization}, or with
 * none, when its container's public access level lets anyone read it; never with the caller's
 * credential, which is for the destination. A refusal is CannotVerifyCopySource with what the read
 * would have been answered. Thread-safe.
 */
public final class CopySourceAuthorization {
    /** The copy reads its source from this server itself, as a client on loopback would. */
    private static final String READER_ADDRESS = "127.0.0.1";

    private final RequestAuthenticator<BlobGrant> authenticator;

    public CopySourceAuthorization(RequestAuthenticator<BlobGrant> authenticator) {
        this.authenticator = authenticator;
    }

    /**
     * The request a client would send to read {@code source} (its path, query and host), with
     * {@code authorization} ({@code Bearer ...}) as its credential if not null.
     */
    public static AzureRequest readOf(URI source, String authorization) {
        HttpHeaders headers = new DefaultHttpHeaders();
        if (source.getRawAuthority() != null) {
            headers.set("Host", source.getRawAuthority());
        }
        if (authorization != null) {
            headers.set("Authorization", authorization);
        }
        Map<String, List<String>> query = source.getRawQuery() == null ? Map.of()
                : new QueryStringDecoder("?" + source.getRawQuery(), StandardCharsets.UTF_8, true, 1024, true)
                        .parameters();
        return new AzureRequest("GET", source.getRawPath(), query, headers, new byte[0],
                "https".equalsIgnoreCase(source.getScheme()), READER_ADDRESS);
    }

    /**
     * @throws ServiceException CannotVerifyCopySource when {@code read} may not read {@code source},
     *     with the message the read was refused with, as the service answers: 404 where the read was
     *     404 (a private source read without credentials is not found), 403 otherwise
     */
    public void check(AzureRequest read, BlobResource source) {
        try {
            BlobGrant grant = authenticator.authenticate(read, source.account());
            grant.authorize(BlobOperation.GET_BLOB, source);
        } catch (ServiceException e) {
            throw new ServiceException(e.errorCode().status() == 404 ? BlobError.CANNOT_VERIFY_COPY_SOURCE
                    : BlobError.COPY_SOURCE_NOT_AUTHORIZED, e.getMessage());
        }
    }

    /** The resource {@link #readOf} addresses, path-style or host-style. */
    public static BlobResource resourceOf(AzureRequest read) {
        return BlobPathParser.parse(read);
    }
}
