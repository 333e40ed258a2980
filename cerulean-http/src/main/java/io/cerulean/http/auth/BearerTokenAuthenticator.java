package io.cerulean.http.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.http.oauth.InvalidTokenException;
import io.cerulean.http.oauth.JwtClaims;
import io.cerulean.http.oauth.OAuthTrust;
import io.cerulean.http.oauth.SignedToken;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Accepts an OAuth bearer token ({@code Authorization: Bearer <JWT>}, Microsoft Entra ID) as the
 * server's {@link OAuthTrust} says:
 * <ul>
 *   <li>the request came over HTTPS (a token sent in the clear is refused, as by the service);</li>
 *   <li>the token is signed (RS256 or ES256) by a trusted key; never {@code alg: none} or HMAC;</li>
 *   <li>{@code nbf}, {@code exp} and {@code iat} are present and now is within [nbf, exp], give
 *       or take {@link #MAX_CLOCK_SKEW};</li>
 *   <li>{@code iss} is the configured issuer (with none configured, the keys alone vouch);</li>
 *   <li>{@code aud} is Azure Storage, or this account's endpoint of the service;</li>
 *   <li>its principal's data roles for this service are what it is granted.</li>
 * </ul>
 * A token that fails is 401 InvalidAuthenticationInfo with the {@code WWW-Authenticate}
 * challenge, as Azure answers. Without an OAuth configuration a bearer request is 403 saying how to
 * configure one. In the insecure accept-any mode the signature is not checked, the issuer need only
 * be an Entra ID token service, full access is granted, and failures are 403 AuthenticationFailed,
 * as an emulator answers. The token itself never appears in a message or a log. Thread-safe.
 */
public final class BearerTokenAuthenticator {
    /** How far the server's clock may be from the token service's, either way. */
    public static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(5);

    /** Token services: v1 tokens come from {@code sts.*}, v2 tokens from {@code login.*}. */
    private static final List<String> ISSUER_PREFIXES = List.of(
            "https://sts.windows.net/",
            "https://login.microsoftonline.com/",
            "https://sts.chinacloudapi.cn/",
            "https://login.chinacloudapi.cn/",
            "https://login.partner.microsoftonline.cn/",
            "https://login.microsoftonline.us/",
            "https://sts.microsoftonline.de/",
            "https://login.microsoftonline.de/",
            "https://sts.windows-ppe.net/",
            "https://login.windows-ppe.net/");

    /** Azure Storage as a resource: its URI (with or without the slash) and its application id. */
    private static final Set<String> STORAGE_AUDIENCES = Set.of(
            "https://storage.azure.com", "https://storage.azure.com/", "e406a681-f3d4-42a8-90b6-c2b029497af1");

    private final Accounts accounts;
    private final ServiceIdentity service;
    private final OAuthTrust trust;
    private final Clock clock;

    public BearerTokenAuthenticator(Accounts accounts, ServiceIdentity service, OAuthTrust trust, Clock clock) {
        this.accounts = accounts;
        this.service = service;
        this.trust = trust;
        this.clock = clock;
    }

    /**
     * Checks the bearer token in the request's {@code Authorization} header.
     *
     * @return the data roles of this service that the token's principal holds
     * @throws ServiceException 403 AuthenticationFailed, or a {@link BearerChallengeException}
     */
    public Set<DataRole> authenticate(AzureRequest request, String pathAccount) {
        return principal(request, pathAccount).roles();
    }

    /**
     * As {@link #authenticate}, with whom the token names: its object id and tenant, which a user
     * delegation key is issued to.
     */
    public BearerPrincipal principal(AzureRequest request, String pathAccount) {
        if (!request.secure()) {
            throw authenticationFailed("Authentication scheme Bearer is not allowed with HTTP.");
        }
        if (!trust.acceptsTokens()) {
            throw authenticationFailed("Bearer tokens are not accepted: this server has no OAuth configuration. "
                    + "Start it with --oauth-jwks FILE|URL or --oauth-issuer URL, and --oauth-roles FILE "
                    + "(in-process: Cerulean.builder().oauth(...)); --oauth-insecure-accept-any takes any token on "
                    + "trust, for local tests only.");
        }
        if (accounts.find(pathAccount).isEmpty()) {
            throw authenticationFailed("The account '" + pathAccount + "' is not known to this server.");
        }
        String authorization = request.header("Authorization");
        int space = authorization == null ? -1 : authorization.indexOf(' ');
        String token = space < 0 ? "" : authorization.substring(space + 1).trim();
        try {
            SignedToken signed = SignedToken.parse(token);
            if (!trust.insecureAcceptAny()) {
                trust.verifySignature(signed);
            }
            JwtClaims claims = JwtClaims.decode(signed.payload());
            checkLifetime(claims);
            checkIssuer(claims.issuer());
            checkAudience(claims.audiences(), pathAccount);
            Set<DataRole> roles = EnumSet.noneOf(DataRole.class);
            for (DataRole role : trust.insecureAcceptAny() ? EnumSet.allOf(DataRole.class) : trust.rolesOf(claims)) {
                if (role.service().equals(service.name())) {
                    roles.add(role);
                }
            }
            return new BearerPrincipal(roles, claims.objectId(), claims.tenantId());
        } catch (InvalidTokenException e) {
            throw trust.insecureAcceptAny() ? authenticationFailed(e.getMessage())
                    : new BearerChallengeException(BearerError.INVALID_AUTHENTICATION_INFO, e.getMessage(),
                            trust.challenge());
        }
    }

    /**
     * The answer to a request with no credential at all: when tokens are verified, a 401 challenge
     * that sends an SDK to get one (its tenant discovery starts this way); otherwise 403.
     */
    public ServiceException anonymous() {
        String detail = "The request is not authenticated: it has no Authorization header and no shared access "
                + "signature.";
        return trust.acceptsTokens() && !trust.insecureAcceptAny()
                ? new BearerChallengeException(BearerError.NO_AUTHENTICATION_INFORMATION, null, trust.challenge())
                : authenticationFailed(detail);
    }

    private void checkLifetime(JwtClaims claims) {
        if (claims.notBefore() == null || claims.expires() == null || claims.issuedAt() == null) {
            throw new InvalidTokenException("The bearer token must carry the nbf, exp and iat claims.");
        }
        Instant now = clock.instant();
        if (now.plus(MAX_CLOCK_SKEW).isBefore(Instant.ofEpochSecond(claims.notBefore()))) {
            throw new InvalidTokenException("Lifetime validation failed. The token is not yet valid (nbf "
                    + Instant.ofEpochSecond(claims.notBefore()) + ").");
        }
        if (now.minus(MAX_CLOCK_SKEW).isAfter(Instant.ofEpochSecond(claims.expires()))) {
            throw new InvalidTokenException("Lifetime validation failed. The token is expired (exp "
                    + Instant.ofEpochSecond(claims.expires()) + ").");
        }
    }

    private void checkIssuer(String issuer) {
        if (issuer == null) {
            throw new InvalidTokenException("Issuer validation failed. The bearer token has no iss claim.");
        }
        if (trust.issuer().isPresent()) {
            if (!trust.issuer().get().accepts(issuer)) {
                throw new InvalidTokenException("Issuer validation failed. The token was issued by '" + issuer
                        + "', not by " + trust.issuer().get().url() + ".");
            }
        } else if (trust.insecureAcceptAny() && ISSUER_PREFIXES.stream().noneMatch(issuer::startsWith)) {
            throw new InvalidTokenException("Issuer validation failed. The token was issued by '" + issuer
                    + "', not by a Microsoft Entra ID token service (https://sts.windows.net/<tenant>/, "
                    + "https://login.microsoftonline.com/<tenant>/v2.0 or a sovereign cloud's).");
        }
    }

    private void checkAudience(List<String> audiences, String account) {
        String serviceEndpoint = "https://" + account.toLowerCase(Locale.ROOT) + "." + service.endpointLabel()
                + ".core.windows.net";
        for (String audience : audiences) {
            String lower = audience.toLowerCase(Locale.ROOT);
            if (STORAGE_AUDIENCES.contains(lower) || lower.equals(serviceEndpoint) || lower.equals(serviceEndpoint + "/")) {
                return;
            }
        }
        String expected = "https://storage.azure.com or https://" + account + "." + service.endpointLabel()
                + ".core.windows.net";
        throw new InvalidTokenException(audiences.isEmpty()
                ? "Audience validation failed. The bearer token has no aud claim; it must be " + expected + "."
                : "Audience validation failed. The token is for '" + String.join("', '", audiences) + "', not "
                        + expected + ".");
    }
}
