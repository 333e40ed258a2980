package io.cerulean.table.query;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.Limits;
import io.cerulean.table.query.filter.Filter;
import java.util.Optional;

/**
 * A Query Entities request: an optional filter, the page size ({@code $top}, at most 1000) and
 * where to resume (from a continuation).
 */
public record EntityQuery(Optional<Filter> filter, int top, Optional<EntityKey> resumeFrom) {
    public EntityQuery {
        if (top < 0 || top > Limits.MAX_PAGE_SIZE) {
            throw new TableServiceException(CommonError.INVALID_INPUT,
                    "The value of $top must be between 0 and " + Limits.MAX_PAGE_SIZE + "; it was " + top + ".");
        }
    }

    public static EntityQuery all() {
        return new EntityQuery(Optional.empty(), Limits.MAX_PAGE_SIZE, Optional.empty());
    }
}
