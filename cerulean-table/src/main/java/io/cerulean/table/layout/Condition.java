package io.cerulean.table.layout;

import java.time.Instant;
import java.util.Objects;

/** What must hold of an entity's current state for a {@link Mutation} to apply. */
public sealed interface Condition {
    /** Applies whatever the entity's state. */
    record None() implements Condition {
    }

    /** The entity must not exist. */
    record MustNotExist() implements Condition {
    }

    /** The entity must exist. */
    record MustExist() implements Condition {
    }

    /** The entity must exist with exactly this Timestamp (its ETag). */
    record TimestampEquals(Instant timestamp) implements Condition {
        public TimestampEquals {
            Objects.requireNonNull(timestamp, "timestamp");
        }
    }

    Condition NONE = new None();
    Condition MUST_NOT_EXIST = new MustNotExist();
    Condition MUST_EXIST = new MustExist();

    /** Whether this condition holds for an entity whose current Timestamp is {@code current} (null: absent). */
    default boolean holds(Instant current) {
        if (this instanceof None) {
            return true;
        }
        if (this instanceof MustNotExist) {
            return current == null;
        }
        if (this instanceof MustExist) {
            return current != null;
        }
        return ((TimestampEquals) this).timestamp().equals(current);
    }
}
