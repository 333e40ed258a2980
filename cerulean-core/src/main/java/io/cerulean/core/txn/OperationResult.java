package io.cerulean.core.txn;

import io.cerulean.core.model.Entity;

/** What one applied operation left behind: the stored entity, or null after a delete. */
public record OperationResult(Entity stored) {
}
