package io.cerulean.table.txn;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import io.cerulean.table.model.DateTimes;
import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityValidator;
import io.cerulean.table.layout.CommitResult;
import io.cerulean.table.layout.Condition;
import io.cerulean.table.layout.Mutation;
import io.cerulean.table.layout.StoredEntity;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.layout.TableLayout;
import io.cerulean.table.time.HybridClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;


/**
 * Runs an {@link EntityGroupTransaction} against a store: turns each operation into a conditional
 * {@link Mutation}, commits them as one, and maps a failed condition to the Azure error of the
 * operation that failed.
 *
 * <p>Every write is conditioned on the entity's state it was planned from, never unconditional:
 * must not exist, or exactly the Timestamp read (or the client's ETag). The transaction's Timestamp
 * is taken after every Timestamp it replaces, so an entity's versions strictly increase and its
 * ETag never repeats, also while servers sharing the store, each with its own clock, write it at
 * once. Operations the client did not condition (the upserts, Merge, and Update or Delete with
 * {@code If-Match: *}) read the entity first; if a concurrent writer got there in between, the whole
 * transaction is planned again (optimistic concurrency, so stores need no read-modify-write of their
 * own), at most {@value #MAX_ATTEMPTS} times before 503 ServerBusy, which clients retry. The client's
 * own conditions (If-Match with an ETag, Insert's must-not-exist) are never retried: they fail with
 * the operation's index. Every operation of one transaction gets the same Timestamp, as in the service.
 */
public final class TransactionExecutor {
    static final int MAX_ATTEMPTS = 1_000;

    private final TableLayout store;
    private final HybridClock clock;

    public TransactionExecutor(TableLayout store, HybridClock clock) {
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
                    continue; // a concurrent write changed what was read: plan again
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
        Entity[] current = new Entity[operations.size()];
        Instant[] currentTimestamp = new Instant[operations.size()];
        List<Optional<StoredEntity>> read = readCurrent(table, operations);
        long readTicks = Long.MIN_VALUE;
        long clientTicks = Long.MIN_VALUE;
        int next = 0;
        for (int i = 0; i < operations.size(); i++) {
            Operation op = operations.get(i);
            if (op.kind().readsCurrent()) {
                // Merges need the properties; the others only the version they replace.
                current[i] = read.get(next++).map(StoredEntity::entity).orElse(null);
                currentTimestamp[i] = current[i] == null ? null : current[i].timestamp();
            } else if (readsVersion(op)) {
                currentTimestamp[i] = read.get(next++).map(StoredEntity::timestamp).orElse(null);
            }
            if (currentTimestamp[i] != null) {
                readTicks = Math.max(readTicks, DateTimes.toEpochTicks(currentTimestamp[i]));
            } else if (op.ifMatch() instanceof Condition.TimestampEquals etag && op.kind() != OperationKind.DELETE) {
                clientTicks = Math.max(clientTicks, DateTimes.toEpochTicks(etag.timestamp()));
            }
        }
        // The clock keeps what the store holds; a client's ETag only matters if the store holds it,
        // which the commit checks, so it raises this Timestamp without moving the clock.
        long ticks = clock.nextTicksAfter(readTicks);
        Instant timestamp = DateTimes.fromEpochTicks(clientTicks < ticks ? ticks : clientTicks + 1);
        Plan plan = new Plan(operations.size());
        for (int i = 0; i < operations.size(); i++) {
            try {
                plan.add(i, mutationFor(operations.get(i), current[i], currentTimestamp[i], timestamp));
            } catch (TableServiceException e) {
                throw e.atOperation(i);
            }
        }
        return plan;
    }

    /** What the operations planned from the stored state read, in their order, all read together. */
    private List<Optional<StoredEntity>> readCurrent(StoredTable table, List<Operation> operations) {
        List<String> rowKeys = new ArrayList<>();
        for (Operation op : operations) {
            if (op.kind().readsCurrent() || readsVersion(op)) {
                rowKeys.add(op.rowKey());
            }
        }
        return rowKeys.isEmpty() ? List.of() : store.readAll(table, operations.get(0).partitionKey(), rowKeys);
    }

    /** Whether a write that does not merge is planned from the stored version: all but Insert and those with an ETag. */
    private static boolean readsVersion(Operation op) {
        return op.kind() != OperationKind.INSERT && !(op.ifMatch() instanceof Condition.TimestampEquals);
    }

    /**
     * @param current          the stored entity, read for merges only
     * @param currentTimestamp its Timestamp, read for every operation planned from the stored state (null: absent)
     */
    private static PlannedMutation mutationFor(Operation op, Entity current, Instant currentTimestamp,
                                               Instant timestamp) {
        Entity given = Entity.unstamped(op.partitionKey(), op.rowKey(), op.properties());
        switch (op.kind()) {
            case INSERT:
                return written(stamped(given, timestamp), Condition.MUST_NOT_EXIST, false);
            case INSERT_OR_REPLACE:
                return written(stamped(given, timestamp), unchanged(currentTimestamp), true);
            case REPLACE:
                if (op.ifMatch() instanceof Condition.TimestampEquals) {
                    return written(stamped(given, timestamp), op.ifMatch(), false);
                }
                return written(stamped(given, timestamp), present(currentTimestamp), true);
            case DELETE:
                if (op.ifMatch() instanceof Condition.TimestampEquals) {
                    return new PlannedMutation(Mutation.delete(op.rowKey(), op.ifMatch()), null, false);
                }
                return new PlannedMutation(Mutation.delete(op.rowKey(), present(currentTimestamp)), null, true);
            case MERGE:
                if (!existing(op.ifMatch()).holds(currentTimestamp)) {
                    throw failure(existing(op.ifMatch()), current);
                }
                return written(stamped(current.mergedWith(op.properties()), timestamp), unchanged(currentTimestamp), true);
            case INSERT_OR_MERGE:
                Entity merged = current == null ? given : current.mergedWith(op.properties());
                return written(stamped(merged, timestamp), unchanged(currentTimestamp), true);
            default:
                throw new IllegalStateException(op.kind().name());
        }
    }

    /** The condition that the entity is still as read: absent, or at the Timestamp read. */
    private static Condition unchanged(Instant currentTimestamp) {
        return currentTimestamp == null ? Condition.MUST_NOT_EXIST : new Condition.TimestampEquals(currentTimestamp);
    }

    /** As {@link #unchanged}, for an operation on an existing entity: ResourceNotFound when there was none. */
    private static Condition present(Instant currentTimestamp) {
        if (currentTimestamp == null) {
            throw failure(Condition.MUST_EXIST, null);
        }
        return unchanged(currentTimestamp);
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
            // Written on the condition that nothing is there: the commit created it.
            results.add(new OperationResult(planned.stored(), planned.stored() != null
                    && planned.mutation().condition() instanceof Condition.MustNotExist));
            derived[index] = planned.derived();
        }
    }

}
