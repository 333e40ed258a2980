package io.cerulean.table.query;

import io.cerulean.table.model.EntityKey;
import java.util.Optional;

/**
 * How a page of Query Entities ended, once its entities have been handed out one by one: where the
 * next page starts (empty when the query is complete), the plan that ran, how many entities were
 * read to fill the page and how many it returned.
 */
public record PageEnd(Optional<EntityKey> next, QueryPlan plan, long entitiesRead, int entitiesReturned) {
}
