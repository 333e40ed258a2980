package io.cerulean.console;

import io.cerulean.http.message.AzureResponse;
import java.util.Locale;

/**
 * The headers on every console answer, files and relayed ones alike: the page runs only its own
 * scripts and styles, talks only to its own origin, is never framed, and sends no referrer; and no
 * {@code Access-Control-*} header ever lets another origin read an answer.
 */
final class SecurityHeaders {
    /** No inline script or style, no eval: every script and style is a file of the app. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
            + "form-action 'none'; img-src 'self' data: blob:; object-src 'none'";

    private SecurityHeaders() {
    }

    static AzureResponse applied(AzureResponse response) {
        // An account's CORS rules serve its SDK clients on other origins, never the console's relay.
        response.headers().removeIf(header -> header.getKey().toLowerCase(Locale.ROOT).startsWith("access-control-"));
        return response.header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .header("X-Frame-Options", "DENY")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer");
    }
}
