package io.cerulean.bench.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** URL forms of keys and query values (contract 1.2): quotes doubled, then percent-encoded. */
public final class Keys {
    private Keys() {
    }

    /** A key inside {@code (PartitionKey='...')}; the bench's own keys are plain and pass unchanged. */
    public static String encode(String key) {
        boolean plain = true;
        for (int i = 0; i < key.length() && plain; i++) {
            char c = key.charAt(i);
            plain = c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.');
        }
        return plain ? key : component(key.replace("'", "''")).replace("%27", "'");
    }

    /** A query parameter value: spaces as %20, never '+', which servers read literally in paths. */
    public static String component(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
