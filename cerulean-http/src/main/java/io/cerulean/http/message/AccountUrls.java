package io.cerulean.http.message;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a request's URL names its storage account, the one place every service and the kernel ask.
 * Two forms are served side by side:
 * <ul>
 *   <li>host-style, as Azure's endpoints and Azurite's {@code ACCOUNT.table.localhost}: the Host is a
 *       name {@code ACCOUNT.<label>.REST} whose second label is the service's endpoint label
 *       ({@code table}, {@code queue}, {@code blob}) and the path has no account;</li>
 *   <li>path-style otherwise (an IP address, {@code localhost} alone, any other name):
 *       {@code /ACCOUNT/path}.</li>
 * </ul>
 * A host-style request is seen as the path-style request it is equivalent to
 * ({@link #pathStyle}), so whatever parses paths parses both. Shared Key needs no change: its
 * canonicalized resource is {@code /ACCOUNT} followed by the path as sent, in either form.
 * Immutable and thread-safe.
 */
public final class AccountUrls {
    /** Path-style URLs only: for a component that serves no host-style names. */
    public static final AccountUrls PATH_STYLE_ONLY = new AccountUrls(null);

    private final String endpointLabel; // null: path-style only

    private AccountUrls(String endpointLabel) {
        this.endpointLabel = endpointLabel;
    }

    /** Both forms, for the service whose host names carry {@code endpointLabel} ({@code table}). */
    public static AccountUrls forService(String endpointLabel) {
        return new AccountUrls(Objects.requireNonNull(endpointLabel, "endpointLabel").toLowerCase(Locale.ROOT));
    }

    /**
     * The account a host-style request's Host names ({@code devstoreaccount1}, or
     * {@code devstoreaccount1-secondary}), lower case; empty for a path-style request.
     */
    public Optional<String> hostAccount(AzureRequest request) {
        String host = request.header("Host");
        if (endpointLabel == null || host == null || host.startsWith("[")) {
            return Optional.empty(); // none, or an IPv6 literal
        }
        int colon = host.indexOf(':');
        String name = (colon < 0 ? host : host.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
        int first = name.indexOf('.');
        int second = first < 0 ? -1 : name.indexOf('.', first + 1);
        if (first <= 0 || second < 0 || second == name.length() - 1
                || !name.regionMatches(first + 1, endpointLabel, 0, endpointLabel.length())
                || second - first - 1 != endpointLabel.length()) {
            return Optional.empty();
        }
        return Optional.of(name.substring(0, first));
    }

    /** The request's raw path in path-style form: a host-style request's path with its account put first. */
    public String pathStyle(AzureRequest request) {
        Optional<String> account = hostAccount(request);
        return account.isEmpty() ? request.rawPath() : "/" + account.get() + request.rawPath();
    }

    /**
     * The URL that names the account as the client addressed it: {@code http://host/ACCOUNT}, or
     * {@code http://ACCOUNT.table.host} for a host-style request.
     */
    public String accountBaseUrl(AzureRequest request, String account) {
        String host = request.header("Host");
        String origin = (request.secure() ? "https://" : "http://") + (host == null ? "127.0.0.1" : host);
        return hostAccount(request).isPresent() ? origin : origin + "/" + account;
    }
}
