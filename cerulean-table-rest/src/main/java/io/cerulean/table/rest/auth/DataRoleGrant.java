package io.cerulean.table.rest.auth;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.query.filter.Filter;
import java.util.Optional;
import java.util.Set;

/**
 * A bearer token's authority short of Storage Table Data Contributor (which is
 * {@link FullAccess#BEARER_TOKEN}): Storage Table Data Reader may read and list, nothing else;
 * a principal with no Table role may do nothing. Either refusal is 403
 * AuthorizationPermissionMismatch, as Azure answers a principal whose role does not cover the
 * operation; the table ACL stays the account key's (AuthorizationFailure).
 */
public record DataRoleGrant(boolean mayRead) implements AccessGrant {
    public static final DataRoleGrant READER = new DataRoleGrant(true);
    public static final DataRoleGrant NO_ROLE = new DataRoleGrant(false);

    @Override
    public void authorize(Action action, String table) {
        if (action.isAclOperation()) {
            FullAccess.BEARER_TOKEN.authorize(action, table);
        }
        boolean read = switch (action) {
            case GET_SERVICE_PROPERTIES, GET_SERVICE_STATS, QUERY_TABLES, ENTITIES -> true;
            default -> false;
        };
        if (!read || !mayRead) {
            throw mismatch();
        }
    }

    @Override
    public void authorizeEntity(String table, Set<EntityPermission> needs, String partitionKey, String rowKey) {
        if (!mayRead || !Set.of(EntityPermission.READ).containsAll(needs)) {
            throw mismatch();
        }
    }

    @Override
    public Optional<Filter> visibleRange(String table) {
        authorizeEntity(table, Set.of(EntityPermission.READ), null, null);
        return Optional.empty();
    }

    private TableServiceException mismatch() {
        return new TableServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + (mayRead
                        ? " The principal holds Storage Table Data Reader, which only reads; writing needs "
                                + "Storage Table Data Contributor."
                        : " The principal holds no data role for the Table service (Storage Table Data Reader or "
                                + "Contributor) on this server."));
    }
}
