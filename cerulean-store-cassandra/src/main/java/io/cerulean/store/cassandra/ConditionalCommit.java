package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One commit: a single-partition conditional batch (a Paxos round), all of whose statements apply
 * or none. Every statement is part of it, unconditional ones too, so that no row is ever written
 * both with and without Paxos (a timed-out proposal finished later would overwrite a plain write).
 * The batch also sets the partition's static {@code last_commit} to a new id under a condition that
 * always holds, which makes even a batch of unconditional mutations a conditional one and names it.
 *
 * <p><b>Failed preconditions.</b> Cassandra answers a failed batch with the current state of the
 * rows it checked, not with which condition failed: the first mutation whose precondition does not
 * hold of those rows is the one named.
 *
 * <p><b>Unknown outcomes.</b> A write timeout during Paxos, a connection lost mid-request or a
 * client-side timeout may hide a batch that applied. The store then reads the partition at SERIAL,
 * which finishes or supersedes any proposal in flight, and the batch applied exactly if the
 * partition's {@code last_commit}, or one of the rows it put, carries its id. If neither does, it did
 * not apply, or it did and a later commit already overwrote every trace: the store cannot tell and
 * answers {@link StoreUnavailableException}, never success.
 */
final class ConditionalCommit {
    private static final Logger LOG = LoggerFactory.getLogger(ConditionalCommit.class);
    private final CqlSession session;
    private final Statements statements;
    private final Space space;
    private final long generation;
    private final byte[] partition;
    private final List<RecordMutation> mutations;
    private final UUID id = UUID.randomUUID();

    ConditionalCommit(CqlSession session, Statements statements, Space space, long generation, byte[] partition,
            List<RecordMutation> mutations) {
        this.session = session;
        this.statements = statements;
        this.space = space;
        this.generation = generation;
        this.partition = partition;
        this.mutations = mutations;
    }

    /**
     * Runs the batch; on a failed precondition, {@code current} reads the failing row when the
     * batch's answer did not carry its value.
     */
    CommitOutcome run(CurrentValue current) {
        ResultSet result;
        try {
            result = session.execute(batch());
        } catch (QueryValidationException e) {
            throw new IllegalStateException("Cassandra refused a commit the store built", e);
        } catch (RuntimeException e) {
            return resolve(e);
        }
        if (result.wasApplied()) {
            return CommitOutcome.APPLIED;
        }
        return failure(result, current);
    }

    /** Reads one row's current value at SERIAL. */
    interface CurrentValue {
        StoredValue read(byte[] row);
    }

    private BatchStatement batch() {
        BatchStatementBuilder batch = BatchStatement.builder(BatchType.UNLOGGED);
        Object[] key = {space.keySpace().id(), space.instance(), generation, ByteBuffer.wrap(partition)};
        batch.addStatement(statements.markCommit.bind(id, key[0], key[1], key[2], key[3], id));
        for (RecordMutation mutation : mutations) {
            ByteBuffer row = ByteBuffer.wrap(mutation.row());
            Precondition condition = mutation.precondition();
            if (mutation.isDelete()) {
                if (condition instanceof Precondition.VersionEquals equals) {
                    batch.addStatement(statements.deleteIfVersion.bind(key[0], key[1], key[2], key[3], row, equals.version()));
                } else if (condition instanceof Precondition.MustExist) {
                    batch.addStatement(statements.deleteIfPresent.bind(key[0], key[1], key[2], key[3], row));
                } else if (condition instanceof Precondition.MustNotExist) {
                    batch.addStatement(statements.deleteIfAbsent.bind(key[0], key[1], key[2], key[3], row));
                } else {
                    batch.addStatement(statements.delete.bind(key[0], key[1], key[2], key[3], row));
                }
                continue;
            }
            StoredValue value = mutation.value();
            ByteBuffer payload = Driver.blob(value.bytes(), StoredValue.HEADROOM, value.payloadLength());
            if (condition instanceof Precondition.VersionEquals equals) {
                batch.addStatement(statements.updateIfVersion.bind(value.version(), payload, id,
                        key[0], key[1], key[2], key[3], row, equals.version()));
            } else if (condition instanceof Precondition.MustExist) {
                batch.addStatement(statements.updateIfPresent.bind(value.version(), payload, id,
                        key[0], key[1], key[2], key[3], row));
            } else if (condition instanceof Precondition.MustNotExist) {
                batch.addStatement(statements.insertIfAbsent.bind(key[0], key[1], key[2], key[3], row,
                        value.version(), payload, id));
            } else {
                batch.addStatement(statements.upsert.bind(key[0], key[1], key[2], key[3], row,
                        value.version(), payload, id));
            }
        }
        // Never retried by the driver: a replayed batch could apply twice.
        return batch.setIdempotence(false).build();
    }

    /** The first mutation whose precondition the returned rows do not satisfy. */
    private CommitOutcome failure(ResultSet result, CurrentValue current) {
        ColumnDefinitions columns = result.getColumnDefinitions();
        boolean hasPayload = columns.contains("payload");
        if (!columns.contains("row") || !columns.contains("version")) {
            return null; // no row's state to judge by: the caller tries again
        }
        Map<ByteBuffer, StoredValue> found = new HashMap<>();
        for (Row row : result) {
            ByteBuffer key = row.getByteBuffer("row");
            if (key == null || row.isNull("version")) {
                continue; // the partition's static part, or a row that does not exist
            }
            long version = row.getLong("version");
            byte[] payload = hasPayload ? Driver.bytes(row.getByteBuffer("payload")) : null;
            found.put(key, StoredValue.of(version, payload == null ? new byte[0] : payload));
        }
        for (int i = 0; i < mutations.size(); i++) {
            RecordMutation mutation = mutations.get(i);
            ByteBuffer key = ByteBuffer.wrap(mutation.row());
            StoredValue seen = found.get(key);
            if (!mutation.precondition().holds(seen)) {
                StoredValue value = seen == null || hasPayload ? seen : current.read(mutation.row());
                return new CommitOutcome.PreconditionFailed(i, value);
            }
        }
        // Every condition held of what Cassandra returned, yet the batch did not apply: only a
        // change between its check and its answer could do that, so the caller may retry.
        return null;
    }

    /** After a failure that may hide a write: read back and decide, or say the store cannot tell. */
    private CommitOutcome resolve(RuntimeException failure) {
        try {
            Object[] key = {space.keySpace().id(), space.instance(), generation, ByteBuffer.wrap(partition)};
            Row last = session.execute(statements.lastCommit.bind(key).setConsistencyLevel(ConsistencyLevel.SERIAL)
                    .setIdempotent(true)).one();
            if (last != null && id.equals(last.getUuid(0))) {
                LOG.info("a commit to {} got no answer ({}); read back: applied", space, failure.toString());
                return CommitOutcome.APPLIED;
            }
            List<ByteBuffer> puts = new ArrayList<>();
            for (RecordMutation mutation : mutations) {
                if (!mutation.isDelete()) {
                    puts.add(ByteBuffer.wrap(mutation.row()));
                }
            }
            if (!puts.isEmpty()) {
                for (Row row : session.execute(statements.commitIds.bind(key[0], key[1], key[2], key[3], puts)
                        .setConsistencyLevel(ConsistencyLevel.SERIAL).setIdempotent(true))) {
                    if (id.equals(row.getUuid(1))) {
                        LOG.info("a commit to {} got no answer ({}); read back: applied", space, failure.toString());
                        return CommitOutcome.APPLIED;
                    }
                }
            }
        } catch (RuntimeException readFailure) {
            failure.addSuppressed(readFailure);
            throw new StoreUnavailableException("Cassandra did not answer a commit and could not be asked whether it "
                    + "applied: " + failure.getMessage(), failure);
        }
        LOG.info("a commit to {} got no answer ({}); read back: no trace of it", space, failure.toString());
        throw new StoreUnavailableException("Cassandra did not answer a commit, and it has no trace of it now: "
                + failure.getMessage(), failure);
    }
}
