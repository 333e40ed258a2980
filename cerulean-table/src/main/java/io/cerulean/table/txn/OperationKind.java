package io.cerulean.table.txn;

/** The entity write operations of the Table service (Insert, Update, Merge, the upserts, Delete). */
public enum OperationKind {
    /** Insert Entity: fails with EntityAlreadyExists when present. */
    INSERT,
    /** Update Entity: replaces a present entity, subject to If-Match. */
    REPLACE,
    /** Merge Entity: merges into a present entity, subject to If-Match. */
    MERGE,
    /** Insert Or Replace Entity: never fails on existence. */
    INSERT_OR_REPLACE,
    /** Insert Or Merge Entity: never fails on existence. */
    INSERT_OR_MERGE,
    /** Delete Entity, subject to If-Match. */
    DELETE;

    /** Whether the operation needs the stored entity to compute what it writes. */
    boolean readsCurrent() {
        return this == MERGE || this == INSERT_OR_MERGE;
    }
}
