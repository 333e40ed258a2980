package io.cerulean.table.txn;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityValidator;
import io.cerulean.table.store.CommitResult;
import io.cerulean.table.store.Condition;
import io.cerulean.table.store.Mutation;
import io.cerulean.table.store.StoredTable;
import io.cerulean.table.store.TableStore;
import io.cerulean.table.time.HybridClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;


/**
 * Runs an {@link EntityGroupTransaction} against a store: turns each operation into a conditional
 * {@link Mutation}, commits them as one, and maps a failed condition to the Azure error of the
 * operation that failed.
 *
 * <p>Merges read the stored entity first and commit on the condition that it is unchanged; if a
 * concurrent writer got there in between, the whole transaction is planned again (optimistic
 * concurrency, so stores need no read-modify-write of their own). The client's own conditions
 * (If-Match, insert-must-not-exist) are never retried: they fail with the operation's index.
 * Every operation of one transaction gets the same Timestamp, as in the service.
 */
public final class TransactionExecutor {
    private static final int MAX_ATTEMPTS = 10_000;

    private final TableStore store;
    private final HybridClock clock;

    public TransactionExecutor(TableStore store, HybridClock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Applies {@code transaction} to {@code table}; the result per operation, in order. */
    public List<OperationResult> execute(StoredTable table, EntityGroupTransaction transaction) {
        List<Operation> operations = transaction.operations();
        for (int i = 0; i < operations.size(); i++) {
            Operation op = operations.get(i);
            try {
                EntityValidator.validateKey(Entity.PARTITION_KEY, op.partitionKey());
                EntityValidator.validateKey(Entity.ROW_KEY, op.rowKey());
            } catch (TableServiceException e) {
                throw e.atOperation(i);
            }
        }
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Plan plan = plan(table, operations);
            CommitResult result = store.commit(table, transaction.partitionKey(), plan.mutations);
            if (result instanceof CommitResult.ConditionFailed failed) {
                if (plan.derived[failed.index()]) {
                    continue; // a concurrent write changed what a merge read: plan again
                }
                Condition condition = plan.mutations.get(failed.index()).condition();
                throw failure(condition, failed.current()).atOperation(failed.index());
            }
            return plan.results;
        }
        throw new TableServiceException(CommonError.SERVER_BUSY,
                "The entity is being updated by too many concurrent requests; please retry.");
    }

    private Plan plan(StoredTable table, List<Operation> operations) {
        Instant timestamp = clock.next();
        Plan plan = new Plan(operations.size());
        for (int i = 0; i < operations.size(); i++) {
            Operation op = operations.get(i);
            try {
                plan.add(i, mutationFor(table, op, timestamp));
            } catch (TableServiceException e) {
                throw e.atOperation(i);
            }
        }
        return plan;
    }

    private PlannedMutation mutationFor(StoredTable table, Operation op, Instant timestamp) {
        Entity given = Entity.unstamped(op.partitionKey(), op.rowKey(), op.properties());
        switch (op.kind()) {
            case INSERT:
                return written(stamped(given, timestamp), Condition.MUST_NOT_EXIST, false);
            case INSERT_OR_REPLACE:
                return written(stamped(given, timestamp), Condition.NONE, false);
            case REPLACE:
                return written(stamped(given, timestamp), existing(op.ifMatch()), false);
            case DELETE:
                return new PlannedMutation(Mutation.delete(op.rowKey(), existing(op.ifMatch())), null, false);
            case MERGE:
            case INSERT_OR_MERGE:
                return merge(table, op, given, timestamp);
            default:
                throw new IllegalStateException(op.kind().name());
        }
    }

    private PlannedMutation merge(StoredTable table, Operation op, Entity given, Instant timestamp) {
        Entity current = store.get(table, op.partitionKey(), op.rowKey()).orElse(null);
        Instant currentTimestamp = current == null ? null : current.timestamp();
        if (op.kind() == OperationKind.MERGE && !existing(op.ifMatch()).holds(currentTimestamp)) {
            throw failure(existing(op.ifMatch()), current);
        }
        Entity merged = current == null ? given : current.mergedWith(op.properties());
        Condition unchanged = current == null ? Condition.MUST_NOT_EXIST : new Condition.TimestampEquals(currentTimestamp);
        return written(stamped(merged, timestamp), unchanged, true);
    }

    private static PlannedMutation written(Entity entity, Condition condition, boolean derived) {
        return new PlannedMutation(Mutation.put(entity, condition), entity, derived);
    }

    private static Entity stamped(Entity entity, Instant timestamp) {
        Entity result = entity.withTimestamp(timestamp);
        EntityValidator.validate(result);
        return result;
    }

    /** Update, Merge and Delete act on an existing entity: no If-Match is taken as {@code *}. */
    private static Condition existing(Condition ifMatch) {
        return ifMatch instanceof Condition.None ? Condition.MUST_EXIST : ifMatch;
    }

    private static TableServiceException failure(Condition condition, Entity current) {
        if (condition instanceof Condition.MustNotExist) {
            return new TableServiceException(TableError.ENTITY_ALREADY_EXISTS);
        }
        if (current == null) {
            return new TableServiceException(CommonError.RESOURCE_NOT_FOUND);
        }
        return new TableServiceException(TableError.UPDATE_CONDITION_NOT_SATISFIED);
    }

    private record PlannedMutation(Mutation mutation, Entity stored, boolean derived) {
    }

    /** The mutations of one attempt, and which of their conditions core derived rather than the client. */
    private static final class Plan {
        final List<Mutation> mutations;
        final List<OperationResult> results;
        final boolean[] derived;

        Plan(int size) {
            mutations = new ArrayList<>(size);
            results = new ArrayList<>(size);
            derived = new boolean[size];
        }

        void add(int index, PlannedMutation planned) {
            mutations.add(planned.mutation());
            results.add(new OperationResult(planned.stored()));
            derived[index] = planned.derived();
        }
    }

}
