/**
 * Who may call, for any storage service: the configured accounts and their keys, Shared Key and
 * Shared Key Lite with the string-to-sign each service supplies ({@link io.cerulean.http.auth.StringsToSign}),
 * the account SAS and the checks every SAS shares ({@link io.cerulean.http.auth.SasChecks}), and
 * bearer tokens (over HTTPS only) verified as {@link io.cerulean.http.oauth} says, and their 401
 * challenge. What a credential may do is the
 * service's to say ({@link io.cerulean.http.auth.Grants}). A request that fails here changes
 * nothing and learns nothing of a key.
 */
package io.cerulean.http.auth;
