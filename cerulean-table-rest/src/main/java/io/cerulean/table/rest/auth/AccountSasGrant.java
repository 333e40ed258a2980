package io.cerulean.table.rest.auth;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.query.filter.Filter;
import java.util.Optional;
import java.util.Set;

/**
 * An account SAS's authority: the permission letters of {@code sp} over the resource types of
 * {@code srt}, in every table of the account. It never reaches a table's ACL.
 */
public record AccountSasGrant(String permissions, String resourceTypes) implements AccessGrant {

    @Override
    public void authorize(Action action, String table) {
        if (action.isAclOperation()) {
            throw new TableServiceException(CommonError.AUTHORIZATION_FAILURE,
                    CommonError.AUTHORIZATION_FAILURE.message() + " A table's ACL cannot be read or set with an account SAS.");
        }
        if (resourceTypes.indexOf(action.resourceType()) < 0) {
            throw new TableServiceException(CommonError.AUTHORIZATION_RESOURCE_TYPE_MISMATCH,
                    CommonError.AUTHORIZATION_RESOURCE_TYPE_MISMATCH.message() + " The signed resource types (srt) '"
                            + resourceTypes + "' do not include '" + action.resourceType() + "'.");
        }
        String anyOf = action.anyOfPermissions();
        if (!anyOf.isEmpty() && anyOf.chars().noneMatch(letter -> permissions.indexOf(letter) >= 0)) {
            throw permissionMismatch(anyOf);
        }
    }

    @Override
    public void authorizeEntity(String table, Set<EntityPermission> needs, String partitionKey, String rowKey) {
        for (EntityPermission need : needs) {
            if (permissions.indexOf(need.letter()) < 0) {
                throw permissionMismatch(String.valueOf(need.letter()));
            }
        }
    }

    @Override
    public Optional<Filter> visibleRange(String table) {
        authorizeEntity(table, Set.of(EntityPermission.READ), null, null);
        return Optional.empty();
    }

    private TableServiceException permissionMismatch(String needed) {
        return new TableServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The signed permissions (sp) '" + permissions
                        + "' do not include " + (needed.length() == 1 ? "'" + needed + "'" : "any of '" + needed + "'")
                        + ".");
    }
}
