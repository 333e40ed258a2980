package io.cerulean.core.query;

import io.cerulean.core.model.Entity;
import io.cerulean.core.model.EntityKey;
import java.util.List;
import java.util.Optional;

/**
 * One page of a Query Entities answer, held whole: the entities, where the next page starts (empty
 * when the query is complete), the plan that ran, and how many entities were read to fill the page.
 */
public record EntityPage(List<Entity> entities, Optional<EntityKey> next, QueryPlan plan, long entitiesRead) {
    public EntityPage {
        entities = List.copyOf(entities);
    }
}
