package io.cerulean.table.txn;

import io.cerulean.table.model.Entity;

/** What one applied operation left behind: the stored entity, or null after a delete. */
public record OperationResult(Entity stored) {
}
