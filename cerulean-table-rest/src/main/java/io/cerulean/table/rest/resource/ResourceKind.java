package io.cerulean.table.rest.resource;

/** What a request's path addresses, after the account segment. */
public enum ResourceKind {
    /** {@code /} : service properties and stats. */
    SERVICE,
    /** {@code /Tables} or {@code /Tables()} : the table collection. */
    TABLES,
    /** {@code /Tables('name')} : one table. */
    TABLE,
    /** {@code /name} or {@code /name()} : a table's entity set. */
    ENTITY_SET,
    /** {@code /name(PartitionKey='..',RowKey='..')} : one entity. */
    ENTITY,
    /** {@code /$batch} : an entity group transaction. */
    BATCH,
    /** {@code /$advisor} : the design advisor's findings for the account (Cerulean's own). */
    ADVISOR
}
