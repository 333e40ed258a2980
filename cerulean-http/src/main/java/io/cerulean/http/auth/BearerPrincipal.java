package io.cerulean.http.auth;

import io.cerulean.http.oauth.DataRole;
import java.util.EnumSet;
import java.util.Set;

/**
 * Who a verified bearer token names and what it may do on the service: its data roles there, its
 * principal's object id ({@code oid}) and its tenant ({@code tid}); either id empty when the token
 * has no such claim.
 */
public record BearerPrincipal(Set<DataRole> roles, String objectId, String tenantId) {
    public BearerPrincipal {
        roles = roles.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(roles));
        objectId = objectId == null ? "" : objectId;
        tenantId = tenantId == null ? "" : tenantId;
    }
}
