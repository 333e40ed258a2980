package io.cerulean.http.auth;

import io.cerulean.common.error.ServiceException;
import java.util.Map;

/**
 * A 401 that tells the client where to get a token: the renderer sends {@link #wwwAuthenticate()}
 * as the {@code WWW-Authenticate} header, which the SDKs' bearer policies read.
 */
public final class BearerChallengeException extends ServiceException {
    private static final long serialVersionUID = 1L;

    private final String wwwAuthenticate;

    /**
     * @param detail why the token was refused, sent as the service sends it: in an
     *               {@code <AuthenticationErrorDetail>} after the message; null for none (a request
     *               with no credential, which the service answers with the message alone)
     */
    public BearerChallengeException(BearerError error, String detail, String wwwAuthenticate) {
        super(error, error.message(),
                detail == null ? Map.of() : Map.of(AccountKeySignatures.AUTHENTICATION_ERROR_DETAIL, detail));
        this.wwwAuthenticate = wwwAuthenticate;
    }

    public String wwwAuthenticate() {
        return wwwAuthenticate;
    }
}
