package io.cerulean.storage;

/**
 * What must hold of a record's current state for a {@link RecordMutation} to apply. Versions are
 * the only thing compared, never payloads: a Cassandra store checks them with {@code IF version = ?}.
 */
public sealed interface Precondition {
    /** Applies whatever the record's state. */
    record None() implements Precondition {
    }

    /** The record must not exist. */
    record MustNotExist() implements Precondition {
    }

    /** The record must exist. */
    record MustExist() implements Precondition {
    }

    /** The record must exist with exactly this version. */
    record VersionEquals(long version) implements Precondition {
    }

    Precondition NONE = new None();
    Precondition MUST_NOT_EXIST = new MustNotExist();
    Precondition MUST_EXIST = new MustExist();

    /** Whether this holds for a record whose current value is {@code current} (null: absent). */
    default boolean holds(StoredValue current) {
        return current == null ? holdsForAbsent() : holdsForVersion(current.version());
    }

    /** Whether this holds for an absent record. */
    default boolean holdsForAbsent() {
        return this instanceof None || this instanceof MustNotExist;
    }

    /** Whether this holds for a present record of version {@code version}. */
    default boolean holdsForVersion(long version) {
        if (this instanceof VersionEquals equals) {
            return equals.version() == version;
        }
        return !(this instanceof MustNotExist);
    }

    /** Whether the store must read the record to decide: every condition but {@link None}. */
    default boolean needsCurrent() {
        return !(this instanceof None);
    }
}
