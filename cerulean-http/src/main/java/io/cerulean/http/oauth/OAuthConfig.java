package io.cerulean.http.oauth;

import java.nio.file.Path;

/**
 * How a server trusts bearer tokens. With neither keys nor an issuer, it does not: a bearer request
 * is refused. Keys come from {@code jwks}, a JSON Web Key Set file or URL, or, when only
 * {@code issuer} is given, from that issuer's OpenID configuration ({@code jwks_uri}); with an
 * issuer, a token's {@code iss} must be it. {@code roles} is the roles file
 * ({@link RoleAssignments}); without one, no principal holds a role. {@code insecureAcceptAny}
 * trusts any well-formed token, unsigned or forged, with full access: for local tests only, and
 * never together with keys or an issuer.
 */
public record OAuthConfig(String jwks, String issuer, Path roles, boolean insecureAcceptAny) {
    public OAuthConfig {
        jwks = blankToNull(jwks);
        issuer = blankToNull(issuer);
        if (insecureAcceptAny && (jwks != null || issuer != null)) {
            throw new IllegalArgumentException("--oauth-insecure-accept-any cannot be combined with --oauth-jwks or "
                    + "--oauth-issuer: it would accept the tokens they are there to refuse");
        }
        if (roles != null && jwks == null && issuer == null) {
            throw new IllegalArgumentException("--oauth-roles needs --oauth-jwks or --oauth-issuer: without keys "
                    + "to check tokens against, no token is trusted");
        }
    }

    /** Bearer tokens are refused. */
    public static OAuthConfig none() {
        return new OAuthConfig(null, null, null, false);
    }

    /** Any well-formed token is accepted with full access, its signature unchecked: local tests only. */
    public static OAuthConfig insecureAcceptingAnyToken() {
        return new OAuthConfig(null, null, null, true);
    }

    /** Tokens signed by the keys of this JSON Web Key Set, a file or an https URL. */
    public static OAuthConfig jwks(String fileOrUrl) {
        return new OAuthConfig(fileOrUrl, null, null, false);
    }

    /** Tokens issued by this token service, e.g. {@code https://sts.windows.net/<tenant>/}. */
    public static OAuthConfig issuer(String url) {
        return new OAuthConfig(null, url, null, false);
    }

    public OAuthConfig withJwks(String fileOrUrl) {
        return new OAuthConfig(fileOrUrl, issuer, roles, insecureAcceptAny);
    }

    public OAuthConfig withIssuer(String url) {
        return new OAuthConfig(jwks, url, roles, insecureAcceptAny);
    }

    public OAuthConfig withRoles(Path file) {
        return new OAuthConfig(jwks, issuer, file, insecureAcceptAny);
    }

    /** Whether tokens are checked against keys. */
    public boolean verifies() {
        return jwks != null || issuer != null;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
