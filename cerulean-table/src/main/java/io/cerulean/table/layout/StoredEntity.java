package io.cerulean.table.layout;

import io.cerulean.table.model.Entity;
import java.time.Instant;

/**
 * An entity as read from a store to plan a write: its Timestamp at once, its properties decoded only
 * when asked for (a merge needs them; a write conditioned on the version read does not).
 */
public interface StoredEntity {

    Instant timestamp();

    Entity entity();

    /** An entity already decoded. */
    static StoredEntity of(Entity entity) {
        return new StoredEntity() {
            @Override
            public Instant timestamp() {
                return entity.timestamp();
            }

            @Override
            public Entity entity() {
                return entity;
            }
        };
    }
}
