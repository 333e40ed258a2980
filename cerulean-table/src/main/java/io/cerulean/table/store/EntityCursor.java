package io.cerulean.table.store;

import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertySource;

/**
 * Entities of a {@link KeyRange} in key order, read from one consistent snapshot. Not
 * thread-safe; must be closed.
 *
 * <p>Scans test most entities against a filter and return few, so a cursor separates looking
 * from taking: {@link #current()} answers property lookups (PartitionKey, RowKey and Timestamp
 * included) and may read them straight from the stored bytes, and only {@link #entity()} builds
 * the whole entity, and {@link #view()} lends it until the next {@link #advance()} or {@link #close()}.
 */
public interface EntityCursor extends AutoCloseable {
    /** Moves to the next entity; false when the range is exhausted. */
    boolean advance();

    /** The current entity's properties; valid until the next {@link #advance()}. */
    PropertySource current();

    /** The current entity, whole. */
    Entity entity();

    /**
     * The current entity as a view, valid until the next {@link #advance()} or {@link #close()}: for
     * the entity to be written out, which a store may do from its stored form without building it.
     */
    default EntityView view() {
        return entity();
    }

    /** Advances and returns the entity, or null when the range is exhausted. */
    default Entity next() {
        return advance() ? entity() : null;
    }

    @Override
    void close();

    /** A cursor over entities already in memory. */
    static EntityCursor of(Iterable<Entity> entities) {
        var iterator = entities.iterator();
        return new EntityCursor() {
            private Entity current;

            @Override
            public boolean advance() {
                current = iterator.hasNext() ? iterator.next() : null;
                return current != null;
            }

            @Override
            public PropertySource current() {
                return current;
            }

            @Override
            public Entity entity() {
                return current;
            }

            @Override
            public void close() {
            }
        };
    }
}
