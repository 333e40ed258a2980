package io.cerulean.table.model;

/** The Table service's data-model limits (Understanding the Table service data model). */
public final class Limits {
    /** User properties per entity; 255 with PartitionKey, RowKey and Timestamp. */
    public static final int MAX_USER_PROPERTIES = 252;
    /** A property name, in characters. */
    public static final int MAX_PROPERTY_NAME_LENGTH = 255;
    /** A PartitionKey or RowKey: 1 KiB of UTF-16, i.e. 512 characters. */
    public static final int MAX_KEY_CHARS = 512;
    /** A String property: 64 KiB of UTF-16, i.e. 32 K characters. */
    public static final int MAX_STRING_CHARS = 32 * 1024;
    /** A Binary property, in bytes. */
    public static final int MAX_BINARY_BYTES = 64 * 1024;
    /** An entity, as estimated by {@link EntityValidator#estimatedSize}. */
    public static final int MAX_ENTITY_BYTES = 1024 * 1024;
    /** Any request body (the entity group transaction limit is the largest). */
    public static final int MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;
    /** Entities or tables in one page of a query. */
    public static final int MAX_PAGE_SIZE = 1000;
    /** Operations in one entity group transaction. */
    public static final int MAX_TRANSACTION_OPERATIONS = 100;

    private Limits() {
    }
}
