package io.cerulean.http.auth;

import java.util.Objects;

/**
 * How credentials name a storage service: its name in messages ({@code Table}), its letter in an
 * account SAS's {@code ss} ({@code t}), and the label of its endpoint, which a bearer token may name
 * as its audience ({@code https://<account>.table.core.windows.net}).
 */
public record ServiceIdentity(String name, char sasLetter, String endpointLabel) {
    public ServiceIdentity {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(endpointLabel, "endpointLabel");
    }
}
