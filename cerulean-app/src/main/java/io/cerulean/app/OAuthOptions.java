package io.cerulean.app;

import io.cerulean.http.oauth.OAuthConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --oauth-*} options of {@code cerulean serve}: how Entra ID bearer tokens are trusted. */
final class OAuthOptions {
    @Option(names = "--oauth-jwks", paramLabel = "FILE|URL", defaultValue = "${env:CERULEAN_OAUTH_JWKS}",
            description = "Accept bearer tokens signed (RS256, ES256) by a key of this JSON Web Key Set: a file, or "
                    + "an https URL read at start and again when a token names an unknown key, at most once a minute "
                    + "(env CERULEAN_OAUTH_JWKS).")
    String jwks;

    @Option(names = "--oauth-issuer", paramLabel = "URL", defaultValue = "${env:CERULEAN_OAUTH_ISSUER}",
            description = "Accept only tokens issued by this token service, e.g. https://sts.windows.net/<tenant>/; "
                    + "without --oauth-jwks its keys come from its /.well-known/openid-configuration "
                    + "(env CERULEAN_OAUTH_ISSUER).")
    String issuer;

    @Option(names = "--oauth-roles", paramLabel = "FILE", defaultValue = "${env:CERULEAN_OAUTH_ROLES}",
            description = "Data roles per principal (oid, or appid/azp of an application), one '<id> <role>' a line "
                    + "or JSON {\"<id>\": [\"<role>\"]}; roles: Storage Table Data Reader, Storage Table Data "
                    + "Contributor (env CERULEAN_OAUTH_ROLES). A principal with no role is refused.")
    Path roles;

    @Option(names = "--oauth-insecure-accept-any", defaultValue = "${env:CERULEAN_OAUTH_INSECURE_ACCEPT_ANY:-false}",
            description = "DANGEROUS, local tests only: accept ANY bearer token, unsigned or forged, with full access "
                    + "(env CERULEAN_OAUTH_INSECURE_ACCEPT_ANY).")
    boolean insecureAcceptAny;

    /**
     * @throws IllegalArgumentException for options that do not go together
     */
    OAuthConfig config() {
        Path rolesFile = roles == null || roles.toString().isEmpty() ? null : roles;
        return new OAuthConfig(jwks, issuer, rolesFile, insecureAcceptAny);
    }
}
