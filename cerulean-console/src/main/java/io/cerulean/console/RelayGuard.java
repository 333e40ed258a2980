package io.cerulean.console;

import io.cerulean.http.message.AzureRequest;
import java.util.Locale;

/**
 * Whether a request to the relay comes from the console's own page. A page on another origin can
 * send a simple request (a form, an image, a fetch without custom headers) but never one with a
 * custom header unless a CORS preflight grants it, and the relay grants none. So the relay asks for
 * {@link #HEADER}, and refuses what a browser marks as coming from elsewhere ({@code Origin},
 * {@code Sec-Fetch-Site}). The credential is the page's own and travels only as a signature or a
 * SAS, so there is no cookie or session another page could ride on either.
 */
final class RelayGuard {
    /** The header the console's page sends with every relayed request: {@code x-cerulean-console: 1}. */
    static final String HEADER = "x-cerulean-console";

    private RelayGuard() {
    }

    /** Why the request is refused, or null if it may be relayed. */
    static String refusal(AzureRequest request) {
        if (request.method().equals("OPTIONS")) {
            return "The console's relay grants no cross-origin request.";
        }
        String origin = request.header("Origin");
        if (origin != null && !origin.equalsIgnoreCase(ownOrigin(request))) {
            return "The console's relay takes requests from its own page only.";
        }
        String site = request.header("Sec-Fetch-Site");
        if (site != null && !site.equalsIgnoreCase("same-origin")) {
            return "The console's relay takes requests from its own page only.";
        }
        if (!"1".equals(request.header(HEADER))) {
            return "The console's relay takes requests from its own page only (" + HEADER + " missing).";
        }
        return null;
    }

    /** The origin the page was served from: this port, as the browser addressed it. */
    private static String ownOrigin(AzureRequest request) {
        String host = request.header("Host");
        return (request.secure() ? "https://" : "http://") + (host == null ? "" : host.toLowerCase(Locale.ROOT));
    }
}
