package io.cerulean.table.rest.auth;

import io.cerulean.table.query.filter.Filter;
import java.util.Optional;
import java.util.Set;

/**
 * What an authenticated request may do. The pipeline asks {@link #authorize} once per request;
 * entity operations then ask {@link #authorizeEntity} for every entity they touch (each one of a
 * batch too), and queries AND {@link #visibleRange} into their filter so that nothing outside a
 * SAS's key range is ever read. Every refusal is a 403 and happens before anything changes.
 */
public sealed interface AccessGrant permits FullAccess, DataRoleGrant, AccountSasGrant, TableSasGrant {

    /**
     * @param table the table the URL names (any case), or null when it names none (service
     *              operations, Query Tables, {@code $batch})
     */
    void authorize(Action action, String table);

    /** Whether this grant may apply {@code needs} to the entity {@code (partitionKey, rowKey)} of {@code table}. */
    void authorizeEntity(String table, Set<EntityPermission> needs, String partitionKey, String rowKey);

    /** The keys of {@code table} a query may return, as a filter; empty when all of them. */
    Optional<Filter> visibleRange(String table);
}
