package io.cerulean.http.auth;

import java.util.Optional;
import io.cerulean.http.oauth.DataRole;
import java.util.Set;

/**
 * What a service grants each kind of credential the kernel verifies, as its own grant type
 * {@code G}: the service decides what a credential may do, the kernel only that it is genuine.
 */
public interface Grants<G> {
    /** Shared Key or Shared Key Lite: the account key, which may do everything. */
    G accountKey();

    /**
     * A bearer token that passed: what the service allows an Entra ID identity holding these data
     * roles (those of this service only; possibly none, which must allow nothing).
     */
    G bearerToken(Set<DataRole> roles);

    /**
     * The same, for a service that also needs to know whom the token names (the Blob service issues
     * user delegation keys to it); by default what {@link #bearerToken(Set)} grants its roles.
     */
    default G bearerToken(BearerPrincipal principal) {
        return bearerToken(principal.roles());
    }

    /** A genuine account SAS for this service: {@code sp} and {@code srt} as signed. */
    G accountSas(String permissions, String resourceTypes);

    /**
     * A request with no credential at all: what a service that serves some resources to anyone (the
     * Blob service's public containers) grants it, to be judged against the resource; empty (the
     * default) to refuse it outright, as the Table and Queue services do.
     */
    default Optional<G> anonymous() {
        return Optional.empty();
    }
}
