package io.cerulean.http.auth;

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

    /** A genuine account SAS for this service: {@code sp} and {@code srt} as signed. */
    G accountSas(String permissions, String resourceTypes);
}
