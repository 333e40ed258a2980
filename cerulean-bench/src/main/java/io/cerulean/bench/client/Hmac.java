package io.cerulean.bench.client;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 with an account key, as both Shared Key forms use it. Thread-safe: one {@link Mac}
 * per thread, because {@code Mac.getInstance} costs more than the signature.
 */
final class Hmac {
    private static final String HMAC = "HmacSHA256";

    private final ThreadLocal<Mac> mac;

    /** @throws IllegalArgumentException when the key is not base64 or is empty */
    Hmac(String base64Key) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64Key.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the account key is not base64: " + e.getMessage());
        }
        if (key.length == 0) {
            throw new IllegalArgumentException("the account key is empty");
        }
        SecretKeySpec spec = new SecretKeySpec(key, HMAC);
        this.mac = ThreadLocal.withInitial(() -> {
            try {
                Mac m = Mac.getInstance(HMAC);
                m.init(spec);
                return m;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 unavailable", e);
            }
        });
    }

    /** Base64 of HMAC-SHA256 over the UTF-8 bytes. */
    String sign(String stringToSign) {
        return Base64.getEncoder().encodeToString(mac.get().doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
    }
}
