package io.cerulean.http.auth;

import static io.cerulean.http.auth.AccountKeySignatures.authenticationFailed;

import io.cerulean.http.message.AzureRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Accepts an OAuth bearer token ({@code Authorization: Bearer <JWT>}, Microsoft Entra ID) as an
 * emulator does: there is no identity provider to ask, so the token's signature is not verified.
 * What is checked is what a client gets wrong in practice:
 * <ul>
 *   <li>the request came over HTTPS (a token sent in the clear is refused, as by the service);</li>
 *   <li>{@code nbf}, {@code exp} and {@code iat} are present and now is within [nbf, exp], give
 *       or take {@link #MAX_CLOCK_SKEW};</li>
 *   <li>{@code iss} is an Entra ID token service of a public or sovereign cloud;</li>
 *   <li>{@code aud} is Azure Storage, or this account's endpoint of the service.</li>
 * </ul>
 * Anything else is 403 AuthenticationFailed saying which check failed. The token itself never
 * appears in a message or a log. Stateless and thread-safe.
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
    private final Clock clock;

    public BearerTokenAuthenticator(Accounts accounts, ServiceIdentity service, Clock clock) {
        this.accounts = accounts;
        this.service = service;
        this.clock = clock;
    }

    /**
     * Checks the bearer token in the request's {@code Authorization} header.
     *
     * @throws io.cerulean.common.error.ServiceException 403 AuthenticationFailed
     */
    public void authenticate(AzureRequest request, String pathAccount) {
        if (!request.secure()) {
            throw authenticationFailed("Authentication scheme Bearer is not allowed with HTTP.");
        }
        if (accounts.find(pathAccount).isEmpty()) {
            throw authenticationFailed("The account '" + pathAccount + "' is not known to this server.");
        }
        String authorization = request.header("Authorization");
        int space = authorization == null ? -1 : authorization.indexOf(' ');
        String token = space < 0 ? "" : authorization.substring(space + 1).trim();
        JwtClaims claims;
        try {
            claims = JwtClaims.decode(token);
        } catch (IllegalArgumentException e) {
            throw authenticationFailed("The bearer token is malformed: " + e.getMessage() + ".");
        }
        checkLifetime(claims);
        checkIssuer(claims.issuer());
        checkAudience(claims.audiences(), pathAccount);
    }

    private void checkLifetime(JwtClaims claims) {
        if (claims.notBefore() == null || claims.expires() == null || claims.issuedAt() == null) {
            throw authenticationFailed("The bearer token must carry the nbf, exp and iat claims.");
        }
        Instant now = clock.instant();
        if (now.plus(MAX_CLOCK_SKEW).isBefore(Instant.ofEpochSecond(claims.notBefore()))) {
            throw authenticationFailed("Lifetime validation failed. The token is not yet valid (nbf "
                    + Instant.ofEpochSecond(claims.notBefore()) + ").");
        }
        if (now.minus(MAX_CLOCK_SKEW).isAfter(Instant.ofEpochSecond(claims.expires()))) {
            throw authenticationFailed("Lifetime validation failed. The token is expired (exp "
                    + Instant.ofEpochSecond(claims.expires()) + ").");
        }
    }

    private static void checkIssuer(String issuer) {
        if (issuer == null) {
            throw authenticationFailed("Issuer validation failed. The bearer token has no iss claim.");
        }
        if (ISSUER_PREFIXES.stream().noneMatch(issuer::startsWith)) {
            throw authenticationFailed("Issuer validation failed. The token was issued by '" + issuer
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
        throw authenticationFailed(audiences.isEmpty()
                ? "Audience validation failed. The bearer token has no aud claim; it must be " + expected + "."
                : "Audience validation failed. The token is for '" + String.join("', '", audiences) + "', not "
                        + expected + ".");
    }
}
