package io.cerulean.http.oauth;

/** Where a token's signing key is looked up, by the {@code kid} of its header. Thread-safe. */
public interface SigningKeys {
    /**
     * The key named {@code keyId}.
     *
     * @throws InvalidTokenException when no key has that id
     */
    SigningKey find(String keyId);

    /** A fixed set, as read from a file at start. */
    static SigningKeys of(JsonWebKeySet keys) {
        return keyId -> keys.find(keyId).orElseThrow(() -> unknown(keyId));
    }

    static InvalidTokenException unknown(String keyId) {
        return new InvalidTokenException(keyId == null
                ? "Signature validation failed. The token's header names no signing key (kid)."
                : "Signature validation failed. The token is signed with a key ('" + keyId
                        + "') this server does not trust.");
    }
}
