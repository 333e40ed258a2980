package io.cerulean.http.oauth;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * The token service a server trusts, by its {@code iss}. Entra ID writes one tenant's issuer two
 * ways, {@code https://sts.windows.net/<tenant>/} in v1 tokens (what Storage is usually given)
 * and {@code https://login.microsoftonline.com/<tenant>/v2.0} in v2 tokens: configured as either,
 * both are accepted. A trailing slash is never a difference.
 */
public record Issuer(String url) {
    private static final Set<String> ENTRA_HOSTS = Set.of("sts.windows.net", "login.microsoftonline.com");

    public Issuer {
        URI uri = JsonFetcher.checkedUrl(url);
        if (tenantOf(uri).isEmpty()) {
            throw new IllegalArgumentException("the issuer '" + url + "' names no tenant (https://host/<tenant>/...)");
        }
    }

    public boolean accepts(String iss) {
        if (iss == null) {
            return false;
        }
        if (trimmed(iss).equals(trimmed(url))) {
            return true;
        }
        URI uri = URI.create(url);
        if (!ENTRA_HOSTS.contains(uri.getHost().toLowerCase(Locale.ROOT))) {
            return false;
        }
        String tenant = tenant();
        return trimmed(iss).equals("https://sts.windows.net/" + tenant)
                || trimmed(iss).equals("https://login.microsoftonline.com/" + tenant + "/v2.0");
    }

    /** The first segment of the issuer's path: Entra ID's tenant id. */
    public String tenant() {
        return tenantOf(URI.create(url));
    }

    /** The OpenID configuration document, beside the issuer (OpenID Connect Discovery 1.0, section 4). */
    public URI openIdConfiguration() {
        return URI.create(trimmed(url) + "/.well-known/openid-configuration");
    }

    /**
     * Where a client asks the tenant for a token, as the 401 challenge names it: Entra ID's
     * authorization endpoint for the tenant ({@code login.microsoftonline.com} for the v1 issuer
     * {@code sts.windows.net}); for another token service, the same path on its own host.
     */
    public String authorizationUri() {
        URI uri = URI.create(url);
        String host = uri.getHost().equalsIgnoreCase("sts.windows.net") ? "login.microsoftonline.com"
                : uri.getRawAuthority();
        String scheme = uri.getHost().equalsIgnoreCase("sts.windows.net") ? "https" : uri.getScheme();
        return scheme + "://" + host + "/" + tenant() + "/oauth2/authorize";
    }

    private static String tenantOf(URI uri) {
        String path = uri.getPath() == null ? "" : uri.getPath();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                return segment;
            }
        }
        return "";
    }

    private static String trimmed(String s) {
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }
}
