package io.cerulean.http.auth;

/**
 * What a service grants each kind of credential the kernel verifies, as its own grant type
 * {@code G}: the service decides what a credential may do, the kernel only that it is genuine.
 */
public interface Grants<G> {
    /** Shared Key or Shared Key Lite: the account key, which may do everything. */
    G accountKey();

    /** A bearer token whose claims passed: what the service allows an Entra ID identity. */
    G bearerToken();

    /** A genuine account SAS for this service: {@code sp} and {@code srt} as signed. */
    G accountSas(String permissions, String resourceTypes);
}
