/**
 * The Table service's data model: entities, typed property values, keys and their order, ETags,
 * DateTime forms and the limits every stored entity obeys. Values here are immutable; an
 * {@link io.cerulean.table.model.Entity} that reaches a store has passed
 * {@link io.cerulean.table.model.EntityValidator} and carries a server-assigned Timestamp.
 */
package io.cerulean.table.model;
