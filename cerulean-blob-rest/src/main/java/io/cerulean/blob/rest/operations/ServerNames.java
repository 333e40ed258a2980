package io.cerulean.blob.rest.operations;

import io.cerulean.http.message.AzureRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Whether a URL names the server a request reached: the same port (the scheme's default when none
 * is given) and the same host, once a host-style {@code ACCOUNT.blob.} prefix is set aside, or two
 * loopback names ({@code localhost}, {@code 127.x.x.x}, {@code ::1}), which reach the same server.
 */
final class ServerNames {
    private ServerNames() {
    }

    static boolean sameServer(URI url, AzureRequest request) {
        String host = request.header("Host");
        if (host == null || host.isBlank()) {
            return true; // nothing to tell them apart by: an HTTP/1.0 client reaching this server
        }
        URI self;
        try {
            self = new URI((request.secure() ? "https" : "http") + "://" + host.trim());
        } catch (URISyntaxException e) {
            return true;
        }
        if (url.getHost() == null || self.getHost() == null || port(url) != port(self)) {
            return false;
        }
        String a = name(url.getHost());
        String b = name(self.getHost());
        return a.equals(b) || (loopback(a) && loopback(b));
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static String name(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            return name.substring(1, name.length() - 1);
        }
        int first = name.indexOf('.');
        if (first > 0 && name.startsWith(".blob.", first) && name.length() > first + ".blob.".length()) {
            return name.substring(first + ".blob.".length());
        }
        return name;
    }

    private static boolean loopback(String name) {
        return name.equals("localhost") || name.startsWith("127.") || name.equals("::1")
                || name.equals("0:0:0:0:0:0:0:1");
    }
}
