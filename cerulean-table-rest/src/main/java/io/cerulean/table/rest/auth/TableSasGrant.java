package io.cerulean.table.rest.auth;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.query.filter.Filter;
import java.util.Optional;
import java.util.Set;

/**
 * A table (service) SAS's authority: the entity permissions of {@code sp} on the entities of one
 * table within a key range. It cannot list, create or delete tables, nor touch ACLs or service
 * properties.
 */
public record TableSasGrant(String table, String permissions, SasKeyRange range) implements AccessGrant {

    @Override
    public void authorize(Action action, String table) {
        if (action != Action.ENTITIES) {
            throw new TableServiceException(CommonError.AUTHORIZATION_FAILURE, CommonError.AUTHORIZATION_FAILURE.message()
                    + " A table SAS grants access to the entities of its table only.");
        }
        if (table != null) {
            checkTable(table);
        }
    }

    @Override
    public void authorizeEntity(String table, Set<EntityPermission> needs, String partitionKey, String rowKey) {
        checkTable(table);
        for (EntityPermission need : needs) {
            if (permissions.indexOf(need.letter()) < 0) {
                throw new TableServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                        CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The signed permissions (sp) '"
                                + permissions + "' do not include '" + need.letter() + "'.");
            }
        }
        if (partitionKey != null && !range.contains(partitionKey, rowKey)) {
            throw new TableServiceException(CommonError.AUTHORIZATION_FAILURE, CommonError.AUTHORIZATION_FAILURE.message()
                    + " The entity is outside the key range this SAS grants.");
        }
    }

    @Override
    public Optional<Filter> visibleRange(String table) {
        authorizeEntity(table, Set.of(EntityPermission.READ), null, null);
        return range.asFilter();
    }

    private void checkTable(String requested) {
        if (!this.table.equalsIgnoreCase(requested)) {
            throw new TableServiceException(CommonError.AUTHORIZATION_FAILURE, CommonError.AUTHORIZATION_FAILURE.message()
                    + " This SAS is for table '" + this.table + "', not '" + requested + "'.");
        }
    }
}
