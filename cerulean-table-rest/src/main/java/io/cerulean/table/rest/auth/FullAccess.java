package io.cerulean.table.rest.auth;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.query.filter.Filter;
import java.util.Optional;
import java.util.Set;

/**
 * The account key's authority (Shared Key, Shared Key Lite): everything. A bearer token of a
 * Storage Table Data Contributor gets the same except the table ACL, which the service keeps to
 * key holders.
 */
public record FullAccess(boolean mayManageAcl) implements AccessGrant {
    public static final FullAccess SHARED_KEY = new FullAccess(true);
    public static final FullAccess BEARER_TOKEN = new FullAccess(false);

    @Override
    public void authorize(Action action, String table) {
        if (action.isAclOperation() && !mayManageAcl) {
            throw new TableServiceException(CommonError.AUTHORIZATION_FAILURE,
                    CommonError.AUTHORIZATION_FAILURE.message() + " A table's ACL can only be read or set with the account key.");
        }
    }

    @Override
    public void authorizeEntity(String table, Set<EntityPermission> needs, String partitionKey, String rowKey) {
    }

    @Override
    public Optional<Filter> visibleRange(String table) {
        return Optional.empty();
    }
}
