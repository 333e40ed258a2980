package io.cerulean.table.rest.resource;

import io.cerulean.http.pipeline.Target;

/**
 * A parsed request path: the account, whether the secondary endpoint was named, what is addressed,
 * and (where applicable) the table name and entity keys, all percent-decoded.
 */
public record Resource(String account, boolean secondary, ResourceKind kind, String table, String partitionKey,
                       String rowKey) implements Target {
    /** The table named, if any. */
    @Override
    public String resourceName() {
        return table;
    }
}
