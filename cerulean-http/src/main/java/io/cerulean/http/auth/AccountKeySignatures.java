package io.cerulean.http.auth;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What every way of authenticating shares: HMAC-SHA256 signatures under an account's keys,
 * compared in constant time, and the 403 AuthenticationFailed that never reveals a key.
 */
public final class AccountKeySignatures {
    /** Looking a Mac up costs more than computing one; each thread keeps its own. */
    private static final ThreadLocal<Mac> MAC = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance("HmacSHA256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    });

    /** The error body's element that says why a credential was refused. */
    public static final String AUTHENTICATION_ERROR_DETAIL = "AuthenticationErrorDetail";

    private AccountKeySignatures() {
    }

    /** Whether {@code signature} signs any of {@code stringsToSign} under any of the account's keys. */
    public static boolean matchesAny(Account account, List<String> stringsToSign, byte[] signature) {
        for (String stringToSign : stringsToSign) {
            byte[] message = stringToSign.getBytes(StandardCharsets.UTF_8);
            for (byte[] key : account.keys()) {
                if (MessageDigest.isEqual(hmac(key, message), signature)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** HMAC-SHA256 of {@code message}, UTF-8, under {@code key}: how a key other than an account's signs. */
    public static byte[] sign(byte[] key, String message) {
        return hmac(key, message.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code signature} is {@link #sign}'s of {@code message} under {@code key}, compared in constant time. */
    public static boolean matches(byte[] key, String message, byte[] signature) {
        return MessageDigest.isEqual(sign(key, message), signature);
    }

    private static byte[] hmac(byte[] key, byte[] message) {
        try {
            Mac mac = MAC.get();
            // HMAC pads a short key with zero bytes, so an empty key (which the JDK refuses) is the one-zero-byte key.
            mac.init(new SecretKeySpec(key.length == 0 ? new byte[1] : key, "HmacSHA256"));
            return mac.doFinal(message);
        } catch (InvalidKeyException e) {
            throw new IllegalStateException("an account key is unusable for HmacSHA256", e);
        }
    }

    /**
     * 403 AuthenticationFailed: the service's message, and what was wrong (never a key) in an
     * {@code <AuthenticationErrorDetail>} of its own, as the service sends it after the message.
     */
    public static ServiceException authenticationFailed(String detail) {
        return new ServiceException(CommonError.AUTHENTICATION_FAILED, CommonError.AUTHENTICATION_FAILED.message(),
                Map.of(AUTHENTICATION_ERROR_DETAIL, detail));
    }
}
