package io.cerulean.table.layout;

import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertySource;
import java.util.function.Predicate;

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

    /** How many entities this cursor has moved onto so far. */
    long entitiesRead();

    /**
     * How many of {@link #entitiesRead()} it read from the store's records: fewer when it tested
     * entities in memory instead (filter columns), and passed over those that failed.
     */
    default long recordsRead() {
        return entitiesRead();
    }

    /**
     * Moves to the next entity {@code selects} accepts, reading at most {@code max} entities
     * ({@link #entitiesRead()} says how many it did); false when it stopped without one, at the end
     * of the range or after {@code max}.
     *
     * <p>This is the loop of a filtered scan, run by the cursor rather than by its caller entity by
     * entity: each cursor class has its own copy, small and seeing one kind of record source, which
     * the JIT compiles on its own. What a page then does with a match, which a new kind of query may
     * send down a path not taken before, can then cost that loop at most one call in the
     * interpreter, not the rest of the scan (see "Table scans and the JIT" in docs/performance.md).
     * Callers keep {@code max} small enough to regain control often.
     */
    default boolean advanceTo(Predicate<? super PropertySource> selects, long max) {
        for (long n = 0; n < max; n++) {
            if (!advance()) {
                return false;
            }
            if (selects.test(current())) {
                return true;
            }
        }
        return false;
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
            private long read;

            @Override
            public boolean advance() {
                current = iterator.hasNext() ? iterator.next() : null;
                if (current == null) {
                    return false;
                }
                read++;
                return true;
            }

            @Override
            public long entitiesRead() {
                return read;
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
