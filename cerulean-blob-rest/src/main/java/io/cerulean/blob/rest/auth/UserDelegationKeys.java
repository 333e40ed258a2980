package io.cerulean.blob.rest.auth;

import io.cerulean.http.auth.AccountKeySignatures;
import io.cerulean.storage.state.ServerState;
import java.time.Duration;

/**
 * Issues user delegation keys without keeping them: a key's value is HMAC-SHA256, under a secret of
 * the store's, of the account and the key's fields, one a line:
 * <pre>
 * cerulean-user-delegation-key-1 \n account \n oid \n tid \n start \n expiry \n service \n version \n delegated tid
 * </pre>
 * with the times in {@link java.time.Instant#toString()}'s form. So a server verifying a user
 * delegation SAS derives the key again from the fields the SAS carries: every server sharing the
 * store, and this one after a restart, derives the same value, and a key whose fields were changed,
 * that was issued for another account, or by a store with another secret, derives another value and
 * fails the SAS's signature. The secret is 32 random bytes drawn once per store ({@link ServerState#secret})
 * and never leaves it. Thread-safe.
 */
public final class UserDelegationKeys {
    /** The server state item the secret is kept in. */
    public static final String SECRET = "user-delegation-key-secret";
    /** The longest a key may be valid: it must expire within this of its request. */
    public static final Duration MAX_LIFETIME = Duration.ofDays(7);
    private static final String FORMAT = "cerulean-user-delegation-key-1";
    private static final int SECRET_BYTES = 32;

    private final byte[] secret;

    public UserDelegationKeys(byte[] secret) {
        this.secret = secret.clone();
    }

    /** The keys of the store {@code state} is kept in, its secret drawn on first use. */
    public static UserDelegationKeys of(ServerState state) {
        return new UserDelegationKeys(state.secret(SECRET, SECRET_BYTES));
    }

    /** The value of {@code key} issued for {@code account}: the bytes a user delegation SAS is signed with. */
    public byte[] value(String account, UserDelegationKey key) {
        return AccountKeySignatures.sign(secret, String.join("\n", FORMAT, account, key.objectId(), key.tenantId(),
                key.start().toString(), key.expiry().toString(), key.service(), key.version(),
                key.delegatedUserTenantId()));
    }
}
