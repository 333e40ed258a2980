package io.cerulean.http.oauth;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Reads a small JSON document (an OpenID configuration, a key set) over HTTPS, or plain HTTP from
 * this machine only: keys fetched in the clear from elsewhere could be anyone's. Thread-safe.
 */
final class JsonFetcher {
    /** Entra ID's key set is a few kilobytes; a megabyte is a document that is not one. */
    private static final int MAX_BYTES = 1 << 20;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    /** Refuses a URL that is not https, or http to a loopback address. */
    static URI checkedUrl(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + url + "' is not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (uri.getHost() == null || !scheme.equals("https") && !(scheme.equals("http") && loopback(uri.getHost()))) {
            throw new IllegalArgumentException("'" + url + "' must be an https URL (plain http only to this machine)");
        }
        return uri;
    }

    private static boolean loopback(String host) {
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!host.matches("[0-9.]+|\\[?[0-9a-fA-F:.]+]?")) {
            return false; // a name other than localhost: no DNS lookup to find out
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * @throws IOException when the document cannot be had: unreachable, not 200, too large
     */
    byte[] get(URI url) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(TIMEOUT).header("Accept", "application/json").build();
        HttpResponse<InputStream> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + url, e);
        }
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new IOException(url + " answered " + response.statusCode());
            }
            byte[] bytes = body.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new IOException(url + " is larger than " + MAX_BYTES + " bytes");
            }
            return bytes;
        }
    }
}
