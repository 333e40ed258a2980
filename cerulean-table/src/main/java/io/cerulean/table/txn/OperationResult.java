package io.cerulean.table.txn;

import io.cerulean.table.model.Entity;

/**
 * What one applied operation left behind: the stored entity, or null after a delete; and whether
 * the operation created the entity (an insert, or an upsert that found none), which the design
 * advisor counts.
 */
public record OperationResult(Entity stored, boolean created) {
    public OperationResult(Entity stored) {
        this(stored, false);
    }
}
