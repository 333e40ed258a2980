package io.cerulean.core.spi;

import io.cerulean.core.model.Entity;

/**
 * Entities of a {@link KeyRange} in key order, read from one consistent snapshot. Not
 * thread-safe; must be closed.
 */
public interface EntityCursor extends AutoCloseable {
    /** The next entity, or null when the range is exhausted. */
    Entity next();

    @Override
    void close();
}
