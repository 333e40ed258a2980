package io.cerulean.storage;

import java.util.Objects;

/**
 * One instance of a {@link KeySpace}: what a store reads, commits to and drops. Instances of an
 * instanced space (one per table, say) are disjoint; dropping one leaves the others as they are.
 * Instances are never negative, so a store may order them as unsigned numbers.
 */
public record Space(KeySpace keySpace, long instance) {
    public Space {
        Objects.requireNonNull(keySpace, "keySpace");
        if (instance < 0) {
            throw new IllegalArgumentException("an instance is never negative: " + instance);
        }
    }

    @Override
    public String toString() {
        return keySpace.instanced() ? keySpace.name() + "/" + instance : keySpace.name();
    }
}
