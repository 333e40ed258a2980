package io.cerulean.table.query;

import io.cerulean.table.model.EntityView;

/**
 * Where the entities of a Query Entities page go as they are read, in key order. A sink may end the
 * page before {@code $top}, when what it holds is large enough: the service may always return
 * fewer entities with a continuation, and a page of a thousand entities of a megabyte each must
 * not be held at once.
 */
public interface PageSink {
    /**
     * Takes the page's next entity. The view is valid only during the call: a sink that keeps it
     * keeps {@link EntityView#toEntity()}.
     */
    void add(EntityView entity);

    /** Whether the page should end now, with a continuation at the next entity. */
    default boolean full() {
        return false;
    }
}
