package io.cerulean.http.auth;

import io.cerulean.common.error.ErrorCode;

/**
 * The 401 answers of Azure Storage to bearer authentication: they come with a
 * {@code WWW-Authenticate} challenge ({@link BearerChallengeException}) and send the client to
 * it. {@code InvalidAuthenticationInfo} is a 400 for a malformed Shared Key header
 * ({@link io.cerulean.common.error.CommonError}) but a 401 for a token the service does not accept.
 */
public enum BearerError implements ErrorCode {
    NO_AUTHENTICATION_INFORMATION("NoAuthenticationInformation", 401,
            "Server failed to authenticate the request. Please refer to the information in the www-authenticate header."),
    INVALID_AUTHENTICATION_INFO("InvalidAuthenticationInfo", 401,
            "Server failed to authenticate the request. Please refer to the information in the www-authenticate header.");

    private final Definition definition;

    BearerError(String code, int status, String message) {
        this.definition = new Definition(code, status, message);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
