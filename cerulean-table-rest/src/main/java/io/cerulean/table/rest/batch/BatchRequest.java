package io.cerulean.table.rest.batch;

import java.util.List;

/**
 * What a batch asks for (contract 6.2): exactly one change set of 1 to 100 writes, or a single
 * retrieve of one entity outside any change set.
 */
sealed interface BatchRequest {

    /** The writes of the one change set, in order; their position is the index errors name. */
    record ChangeSet(List<BatchOperationRequest> operations) implements BatchRequest {
        public ChangeSet {
            operations = List.copyOf(operations);
            if (operations.isEmpty()) {
                throw new IllegalArgumentException("a change set has at least one operation");
            }
        }
    }

    /** A GET of one entity, the only request a batch may hold outside a change set. */
    record Retrieve(BatchOperationRequest request) implements BatchRequest {
    }
}
