package io.cerulean.bench.client;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Shared Key Lite for the Table service (contract 9.2, 9.3):
 * {@code StringToSign = date + "\n" + "/" + account + rawPath [+ "?comp=" + value]}, where rawPath
 * is the request path exactly as sent, so a path-style URL names the account twice
 * ({@code /devstoreaccount1/devstoreaccount1/Tables}). Thread-safe: one {@link Mac} per thread,
 * because {@code Mac.getInstance} costs more than the signature.
 */
public final class SharedKeyLite {
    private static final String HMAC = "HmacSHA256";

    private final String account;
    private final String scheme;
    private final ThreadLocal<Mac> mac;

    /** @throws IllegalArgumentException when the key is not base64 */
    public SharedKeyLite(String account, String base64Key) {
        this.account = account;
        this.scheme = "SharedKeyLite " + account + ":";
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

    /** The Authorization header value for a request sent with this date to this path and query. */
    public String authorization(String date, String rawPathAndQuery) {
        return scheme + sign(stringToSign(date, account, rawPathAndQuery));
    }

    /** The documented string to sign; only the {@code comp} query parameter takes part. */
    public static String stringToSign(String date, String account, String rawPathAndQuery) {
        int q = rawPathAndQuery.indexOf('?');
        String path = q < 0 ? rawPathAndQuery : rawPathAndQuery.substring(0, q);
        StringBuilder sts = new StringBuilder(date.length() + account.length() + path.length() + 24)
                .append(date).append('\n').append('/').append(account).append(path);
        if (q >= 0) {
            for (String parameter : rawPathAndQuery.substring(q + 1).split("&")) {
                if (parameter.regionMatches(true, 0, "comp=", 0, 5)) {
                    sts.append("?comp=").append(parameter, 5, parameter.length());
                    break;
                }
            }
        }
        return sts.toString();
    }

    /** Base64 of HMAC-SHA256 over the UTF-8 bytes. */
    public String sign(String stringToSign) {
        return Base64.getEncoder().encodeToString(mac.get().doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
    }
}
