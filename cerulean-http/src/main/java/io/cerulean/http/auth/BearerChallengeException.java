package io.cerulean.http.auth;

import io.cerulean.common.error.ServiceException;

/**
 * A 401 that tells the client where to get a token: the renderer sends {@link #wwwAuthenticate()}
 * as the {@code WWW-Authenticate} header, which the SDKs' bearer policies read.
 */
public final class BearerChallengeException extends ServiceException {
    private static final long serialVersionUID = 1L;

    private final String wwwAuthenticate;

    public BearerChallengeException(BearerError error, String detail, String wwwAuthenticate) {
        super(error, error.message() + " " + detail);
        this.wwwAuthenticate = wwwAuthenticate;
    }

    public String wwwAuthenticate() {
        return wwwAuthenticate;
    }
}
