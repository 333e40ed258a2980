/**
 * Microsoft Entra ID (OAuth 2.0) bearer tokens as a storage service trusts them: the compact JWS
 * and its claims ({@link io.cerulean.http.oauth.SignedToken}, {@link io.cerulean.http.oauth.JwtClaims}),
 * the signing keys it is checked against (a JSON Web Key Set from a file, a URL or the issuer's
 * OpenID configuration, {@link io.cerulean.http.oauth.SigningKeys}), and the data-plane roles each
 * principal holds ({@link io.cerulean.http.oauth.RoleAssignments}). Only RS256 and ES256 are ever
 * accepted; {@code alg: none} and HMAC never are. Knows no service and no HTTP request: the
 * kernel's {@code auth} package asks it and turns its refusals into answers.
 */
package io.cerulean.http.oauth;
