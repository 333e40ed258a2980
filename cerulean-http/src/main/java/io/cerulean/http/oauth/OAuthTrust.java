package io.cerulean.http.oauth;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link OAuthConfig} made ready to judge tokens: its keys read (from the file, the URL, or the
 * issuer's OpenID configuration), its roles file read. Built once at start, so a server whose
 * keys cannot be had does not start. Thread-safe.
 */
public final class OAuthTrust {
    private static final Logger log = LoggerFactory.getLogger(OAuthTrust.class);
    private static final JsonFactory JSON = JsonFactory.builder().build();

    /** Bearer tokens are refused. */
    public static final OAuthTrust NONE = new OAuthTrust(false, null, null, RoleAssignments.NONE);
    /** Any well-formed token is accepted, unverified. */
    public static final OAuthTrust INSECURE_ACCEPT_ANY = new OAuthTrust(true, null, null, RoleAssignments.NONE);

    private final boolean insecureAcceptAny;
    private final SigningKeys keys;
    private final Issuer issuer;
    private final RoleAssignments roles;

    public OAuthTrust(boolean insecureAcceptAny, SigningKeys keys, Issuer issuer, RoleAssignments roles) {
        this.insecureAcceptAny = insecureAcceptAny;
        this.keys = keys;
        this.issuer = issuer;
        this.roles = roles;
    }

    /**
     * Reads what {@code config} names.
     *
     * @throws IllegalArgumentException when a file, URL or document is unusable, saying which
     */
    public static OAuthTrust start(OAuthConfig config, Clock clock) {
        if (config.insecureAcceptAny()) {
            log.warn("--oauth-insecure-accept-any is on: ANY bearer token is accepted with full access to every "
                    + "account, without checking its signature, so anyone who can reach this server over HTTPS can "
                    + "forge one. Use it for local tests only, never on a network others share.");
            return INSECURE_ACCEPT_ANY;
        }
        if (!config.verifies()) {
            return NONE;
        }
        JsonFetcher fetcher = new JsonFetcher();
        Issuer issuer = config.issuer() == null ? null : new Issuer(config.issuer());
        SigningKeys keys = config.jwks() != null ? keys(config.jwks(), fetcher, clock)
                : new RemoteSigningKeys(jwksUri(issuer, fetcher), fetcher, clock, RemoteSigningKeys.MIN_REFRESH_INTERVAL);
        RoleAssignments roles = config.roles() == null ? RoleAssignments.NONE : RoleAssignments.read(config.roles());
        if (roles.principals() == 0) {
            log.warn("no principal holds a data role (--oauth-roles): every bearer token will be refused with "
                    + "403 AuthorizationPermissionMismatch");
        }
        log.info("bearer tokens are checked against {}{}; {} principal(s) hold data roles",
                config.jwks() != null ? "the keys of " + config.jwks() : "the keys of the issuer",
                issuer == null ? "" : ", issued by " + issuer.url(), roles.principals());
        return new OAuthTrust(false, keys, issuer, roles);
    }

    private static SigningKeys keys(String fileOrUrl, JsonFetcher fetcher, Clock clock) {
        if (fileOrUrl.regionMatches(true, 0, "https://", 0, 8) || fileOrUrl.regionMatches(true, 0, "http://", 0, 7)) {
            return new RemoteSigningKeys(JsonFetcher.checkedUrl(fileOrUrl), fetcher, clock,
                    RemoteSigningKeys.MIN_REFRESH_INTERVAL);
        }
        Path file = Path.of(fileOrUrl);
        try {
            return SigningKeys.of(JsonWebKeySet.parse(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the signing keys file " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the signing keys file " + file + ": " + e.getMessage());
        }
    }

    /** The {@code jwks_uri} of the issuer's OpenID configuration. */
    private static URI jwksUri(Issuer issuer, JsonFetcher fetcher) {
        URI configuration = issuer.openIdConfiguration();
        byte[] document;
        try {
            document = fetcher.get(configuration);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the issuer's OpenID configuration at " + configuration
                    + ": " + e.getMessage());
        }
        try (JsonParser parser = JSON.createParser(document)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    if (parser.nextToken() == JsonToken.VALUE_STRING && name.equals("jwks_uri")) {
                        return JsonFetcher.checkedUrl(parser.getText());
                    }
                    parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("the OpenID configuration at " + configuration + " is not valid JSON");
        }
        throw new IllegalArgumentException("the OpenID configuration at " + configuration + " has no jwks_uri");
    }

    /** The keys tokens are checked against (null unless verifying). */
    SigningKeys signingKeys() {
        return keys;
    }

    /** Whether bearer tokens are accepted at all. */
    public boolean acceptsTokens() {
        return insecureAcceptAny || keys != null;
    }

    /** Whether tokens are taken on trust: no signature, any issuer of Entra ID, full access. */
    public boolean insecureAcceptAny() {
        return insecureAcceptAny;
    }

    /**
     * Checks the token's signature against the trusted keys.
     *
     * @throws InvalidTokenException when it is unsigned, HMAC-signed, by an unknown key, or forged
     */
    public void verifySignature(SignedToken token) {
        String alg = token.algorithm();
        if (!alg.equals(SigningKey.RS256) && !alg.equals(SigningKey.ES256)) {
            throw new InvalidTokenException("Signature validation failed. Tokens signed with '" + alg
                    + "' are not accepted, only RS256 and ES256.");
        }
        keys.find(token.keyId()).verify(token);
    }

    /** The issuer a token must name; empty when any Entra ID token service will do. */
    public Optional<Issuer> issuer() {
        return Optional.ofNullable(issuer);
    }

    /** The roles the principals of a verified token hold. */
    public Set<DataRole> rolesOf(JwtClaims claims) {
        return roles.rolesOf(claims.principals());
    }

    /**
     * The roles the principal with object id {@code objectId} holds now, for a credential it handed
     * on (a user delegation SAS): every role in the insecure accept-any mode, as its tokens have.
     */
    public Set<DataRole> rolesOf(String objectId) {
        return insecureAcceptAny ? EnumSet.allOf(DataRole.class) : roles.rolesOf(List.of(objectId));
    }

    /**
     * The {@code WWW-Authenticate} value that tells a client where to get a token (the SDKs'
     * tenant discovery reads {@code authorization_uri}): the configured issuer's tenant, or
     * {@code common} when only keys are configured.
     */
    public String challenge() {
        String authorizationUri = issuer == null ? "https://login.microsoftonline.com/common/oauth2/authorize"
                : issuer.authorizationUri();
        return "Bearer authorization_uri=" + authorizationUri + " resource_id=https://storage.azure.com";
    }
}
