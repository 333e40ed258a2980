package io.cerulean.table.model;

import java.time.Instant;

/**
 * An entity as a scan hands it over: perhaps still in its stored form, and then valid only until
 * the scan moves on. Writing a page of entities through views, rather than building each one as
 * objects first, spares the decoding of what is only copied out again. {@link Entity} is its own
 * view.
 */
public interface EntityView extends PropertySource {
    String partitionKey();

    String rowKey();

    /** The server-assigned Timestamp; null only for an entity not yet stored. */
    Instant timestamp();

    /** Hands the user properties to {@code visitor} in their order. */
    void forEachProperty(PropertyVisitor visitor);

    /** The entity as a value of its own, which stays valid after the scan moves on. */
    Entity toEntity();

    default EntityKey key() {
        return new EntityKey(partitionKey(), rowKey());
    }
}
