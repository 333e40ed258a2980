package io.cerulean.blob.rest.auth;

import java.time.Instant;
import java.util.Objects;

/**
 * The fields of a user delegation key, as Get User Delegation Key answers them and a user delegation
 * SAS carries them back ({@code skoid sktid skt ske sks skv skdutid}): whom it was issued to, when it
 * is valid, for which service and by which version. Its value is derived from them
 * ({@link UserDelegationKeys#value}), never stored.
 *
 * @param delegatedUserTenantId the tenant of the user a user-bound SAS is for; empty when none was asked
 */
public record UserDelegationKey(String objectId, String tenantId, Instant start, Instant expiry, String service,
                                String version, String delegatedUserTenantId) {
    public UserDelegationKey {
        Objects.requireNonNull(objectId, "objectId");
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(expiry, "expiry");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(delegatedUserTenantId, "delegatedUserTenantId");
    }

    /** Whether {@code now} is within the key's validity, both ends included. */
    public boolean validAt(Instant now) {
        return !now.isBefore(start) && !now.isAfter(expiry);
    }
}
