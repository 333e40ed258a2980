package io.cerulean.table.txn;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Limits;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Operations on one partition of one table, applied in order, all or none. A single-entity write
 * is a transaction of one. The constructor enforces the entity group transaction rules (at most
 * 100 operations, one PartitionKey, each entity at most once), naming the offending index.
 */
public record EntityGroupTransaction(String partitionKey, List<Operation> operations) {
    public EntityGroupTransaction {
        operations = List.copyOf(operations);
        if (operations.isEmpty()) {
            throw new TableServiceException(CommonError.INVALID_INPUT, "The batch request contains no operations.");
        }
        if (operations.size() > Limits.MAX_TRANSACTION_OPERATIONS) {
            throw new TableServiceException(CommonError.INVALID_INPUT,
                    "The batch request operation exceeds the maximum 100 changes per change set.").atOperation(0);
        }
        Set<String> rowKeys = new HashSet<>();
        for (int i = 0; i < operations.size(); i++) {
            Operation op = operations.get(i);
            if (!op.partitionKey().equals(partitionKey)) {
                throw new TableServiceException(CommonError.INVALID_INPUT,
                        "All commands in a batch must operate on the same partition.").atOperation(i);
            }
            if (!rowKeys.add(op.rowKey())) {
                throw new TableServiceException(TableError.INVALID_DUPLICATE_ROW, "A command with RowKey '"
                        + op.rowKey() + "' is already present in the batch. An entity can appear only once in a batch.")
                        .atOperation(i);
            }
        }
    }

    /** A transaction of one operation. */
    public static EntityGroupTransaction of(Operation operation) {
        return new EntityGroupTransaction(operation.partitionKey(), List.of(operation));
    }
}
