package io.cerulean.bench.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where the Table service answers: scheme, host, port and the path before the resource, which is
 * {@code /devstoreaccount1} for path-style (emulator) URLs and empty for the real service's
 * host-style ones. Requests are addressed as {@code basePath + "/Tables"} and so on.
 */
public record Endpoint(String scheme, String host, int port, String basePath) {
    public Endpoint {
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("endpoint must be http:// or https://, not " + scheme + "://");
        }
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("endpoint has no host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("endpoint port out of range: " + port);
        }
        if (basePath.endsWith("/")) {
            throw new IllegalArgumentException("basePath must not end with '/': " + basePath);
        }
    }

    /** Parses {@code http://127.0.0.1:10002/devstoreaccount1} or {@code https://acct.table.core.windows.net}. */
    public static Endpoint parse(String url) {
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + url);
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("not an http(s) URL with a host: " + url);
        }
        if (uri.getRawQuery() != null) {
            throw new IllegalArgumentException("the endpoint takes no query string (SAS is not supported): " + url);
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return new Endpoint(scheme, uri.getHost(), port, path);
    }

    /**
     * Whether servers read the account from the first path segment (contract 1.1): the host is an
     * IP address or a name without a dot, as for emulators on 127.0.0.1 or localhost.
     */
    public boolean pathStyle() {
        return host.indexOf('.') < 0 || host.indexOf(':') >= 0 || host.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }

    public boolean secure() {
        return scheme.equals("https");
    }

    /** The Host header: the port is left out when it is the scheme's default, as browsers and SDKs do. */
    public String hostHeader() {
        boolean defaultPort = secure() ? port == 443 : port == 80;
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return defaultPort ? h : h + ":" + port;
    }

    /** The URL as users write it, e.g. {@code http://127.0.0.1:10002/devstoreaccount1}. */
    public String url() {
        return scheme + "://" + hostHeader() + basePath;
    }

    @Override
    public String toString() {
        return url();
    }
}
