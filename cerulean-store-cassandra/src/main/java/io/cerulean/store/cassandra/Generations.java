package io.cerulean.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.cerulean.storage.Space;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The current generation of each space instance: where its records are. An instance that was never
 * dropped is at generation 0 and has no row. Dropping moves it to the next generation with a
 * conditional write, so two servers dropping at once agree on one; generations are never reused,
 * so a dropped instance written again never sees its old records.
 *
 * <p>Each store keeps the generations it read, for {@link #REFRESH} at most: the store that drops
 * sees the new generation at once, another store within that time. The Table service never writes
 * an instance again after dropping it (table ids are not reused), so the window matters only to a
 * write that races the drop of its own table. Thread-safe.
 */
final class Generations {
    static final Duration REFRESH = Duration.ofSeconds(5);

    private record Known(long generation, long readAtNanos) {
    }

    private final CqlSession session;
    private final Statements statements;
    private final Map<Space, Known> known = new ConcurrentHashMap<>();

    Generations(CqlSession session, Statements statements) {
        this.session = session;
        this.statements = statements;
    }

    /** The instance's generation now, from what this store knows if it is recent. */
    long current(Space space) {
        Known cached = known.get(space);
        long now = System.nanoTime();
        if (cached != null && now - cached.readAtNanos() < REFRESH.toNanos()) {
            return cached.generation();
        }
        long generation = read(space, ConsistencyLevel.QUORUM);
        known.put(space, new Known(generation, now));
        return generation;
    }

    /** The generation stored for the instance, read at SERIAL; empty when it has none (generation 0). */
    OptionalLong stored(Space space) {
        Row row = row(space, ConsistencyLevel.SERIAL);
        return row == null ? OptionalLong.empty() : OptionalLong.of(row.getLong(0));
    }

    /**
     * Moves the instance from {@code stored} to the next generation. A drop racing another counts
     * as done when either moved it: both remove what was there before they began.
     */
    void advance(Space space, OptionalLong stored) {
        long from = stored.orElse(0);
        ResultSet result = stored.isEmpty()
                ? session.execute(statements.insertGeneration.bind(space.keySpace().id(), space.instance(), 1L))
                : session.execute(statements.updateGeneration.bind(from + 1, space.keySpace().id(), space.instance(), from));
        long to = result.wasApplied() ? from + 1 : read(space, ConsistencyLevel.SERIAL);
        known.put(space, new Known(to, System.nanoTime()));
    }

    /** After a drop whose outcome was unknown: whether the instance has left {@code from}. */
    boolean movedPast(Space space, long from) {
        long now = read(space, ConsistencyLevel.SERIAL);
        known.put(space, new Known(now, System.nanoTime()));
        return now > from;
    }

    long read(Space space, ConsistencyLevel consistency) {
        Row row = row(space, consistency);
        return row == null ? 0 : row.getLong(0);
    }

    private Row row(Space space, ConsistencyLevel consistency) {
        return session.execute(statements.readGeneration.bind(space.keySpace().id(), space.instance())
                .setConsistencyLevel(consistency)).one();
    }
}
