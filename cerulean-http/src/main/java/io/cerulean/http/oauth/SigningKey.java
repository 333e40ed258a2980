package io.cerulean.http.oauth;

import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Objects;

/**
 * One public key a token may be signed with, as a JSON Web Key names it: {@code kid} and the one
 * algorithm it is for, RS256 (an RSA key of at least 2048 bits) or ES256 (an EC P-256 key).
 */
public record SigningKey(String keyId, String algorithm, PublicKey key) {
    public static final String RS256 = "RS256";
    public static final String ES256 = "ES256";

    public SigningKey {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(key, "key");
        boolean fits = algorithm.equals(RS256) ? key instanceof RSAPublicKey
                : algorithm.equals(ES256) && key instanceof ECPublicKey;
        if (!fits) {
            throw new IllegalArgumentException("a " + key.getAlgorithm() + " key cannot verify " + algorithm);
        }
    }

    /**
     * Whether {@code token} was signed with this key, by this key's algorithm.
     *
     * @throws InvalidTokenException when it was not
     */
    public void verify(SignedToken token) {
        if (!token.algorithm().equals(algorithm)) {
            throw new InvalidTokenException("Signature validation failed. The token is signed with "
                    + token.algorithm() + " but its key '" + keyId + "' is for " + algorithm + ".");
        }
        boolean valid;
        try {
            Signature signature;
            if (algorithm.equals(RS256)) {
                signature = Signature.getInstance("SHA256withRSA");
            } else {
                // JWS carries an ECDSA signature as R||S, 32 bytes each (RFC 7518 3.4), which is the
                // IEEE P1363 form the JDK verifies directly; no DER re-encoding is needed.
                if (token.signature().length != 64) {
                    throw invalid();
                }
                signature = Signature.getInstance("SHA256withECDSAinP1363Format");
            }
            signature.initVerify(key);
            signature.update(token.signingInput());
            valid = signature.verify(token.signature());
        } catch (GeneralSecurityException e) {
            valid = false;
        }
        if (!valid) {
            throw invalid();
        }
    }

    private static InvalidTokenException invalid() {
        return new InvalidTokenException("Signature validation failed. The token's signature does not match "
                + "its key.");
    }
}
