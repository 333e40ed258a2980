package io.cerulean.http.pipeline;

import io.cerulean.http.error.ErrorBody;
import java.util.Objects;

/**
 * What differs between services' responses: the {@code x-ms-version} served when a client sends
 * none, one header every response of the service carries (the Table service's
 * {@code DataServiceVersion}; null for none), the body of errors that are not XML, and whether
 * every response says {@code Cache-Control: no-cache} (not the Blob service's, whose blobs carry
 * their own).
 */
public record ResponseStyle(String defaultVersion, String serviceHeaderName, String serviceHeaderValue,
                            ErrorBody otherErrors, boolean noCache) {
    /** A style whose responses all say {@code Cache-Control: no-cache}. */
    public ResponseStyle(String defaultVersion, String serviceHeaderName, String serviceHeaderValue,
                         ErrorBody otherErrors) {
        this(defaultVersion, serviceHeaderName, serviceHeaderValue, otherErrors, true);
    }


    public ResponseStyle {
        Objects.requireNonNull(defaultVersion, "defaultVersion");
        Objects.requireNonNull(otherErrors, "otherErrors");
        if ((serviceHeaderName == null) != (serviceHeaderValue == null)) {
            throw new IllegalArgumentException("a service header needs both a name and a value");
        }
    }
}
