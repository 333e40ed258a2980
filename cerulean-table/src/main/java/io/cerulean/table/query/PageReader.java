package io.cerulean.table.query;

import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.model.PropertySource;
import io.cerulean.table.layout.EntityCursor;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One page of Query Entities as it is read: entities from cursors in key order, tested against the
 * plan's residual filter and handed to the sink, until the page ends at {@code $top} entities,
 * when the sink is full or when the time budget is spent, whichever is first. A page of
 * {@code $top} entities continues at the next matching entity; a page cut short, at the next
 * entity not yet read. Not thread-safe.
 */
public final class PageReader {
    private final QueryPlan plan;
    /** How often, in entities read, a page looks at its time and whether it was stopped. */
    private static final int CHECK_EVERY = 256;
    private static final Predicate<PropertySource> EVERY_ENTITY = entity -> true;

    /** The residual filter as the cursor's test; every entity when there is none. */
    private final Predicate<PropertySource> selects;
    private final int top;
    private final PageSink sink;
    private final long deadline;
    private long read;
    private int returned;
    private PageEnd end;
    private volatile boolean stopped;

    /** @param deadline the {@link System#nanoTime()} after which the page ends with what it has */
    public PageReader(QueryPlan plan, int top, PageSink sink, long deadline) {
        this.plan = plan;
        this.selects = plan.residual().<Predicate<PropertySource>>map(filter -> filter::matches).orElse(EVERY_ENTITY);
        this.top = top;
        this.sink = sink;
        this.deadline = deadline;
    }

    /**
     * Reads {@code cursor} into the page until the page ends, the cursor runs out, or {@code limit}
     * more entities have been read.
     *
     * @return true only when it stopped at the limit, with the page still open
     */
    public boolean read(EntityCursor cursor, long limit) {
        return read(cursor, limit, Optional.empty());
    }

    /**
     * As {@link #read(EntityCursor, long)}, for a cursor over one part of a scan: a page cut short on
     * its last entity continues at {@code beyond}, where the scan's next part starts.
     */
    boolean read(EntityCursor cursor, long limit, Optional<EntityKey> beyond) {
        long left = limit;
        while (left > 0) {
            if (end != null) {
                return false;
            }
            // The cursor reads on to the next match by itself, at most up to the next time check.
            long chunk = Math.min(left, CHECK_EVERY - (read & (CHECK_EVERY - 1)));
            long before = cursor.entitiesRead();
            boolean found = cursor.advanceTo(selects, chunk);
            long n = cursor.entitiesRead() - before;
            read += n;
            left -= n;
            if (found) {
                EntityView entity = cursor.view();
                if (returned == top) {
                    end = pageEnd(Optional.of(entity.key()));
                    return false;
                }
                sink.add(entity);
                returned++;
                if (sink.full()) {
                    end = pageEnd(nextRead(cursor).or(() -> beyond));
                    return false;
                }
            } else if (n < chunk) {
                return false; // the cursor ran out
            }
            if ((read & (CHECK_EVERY - 1)) == 0 && (stopped || pastDeadline(deadline))) {
                end = pageEnd(nextRead(cursor).or(() -> beyond));
                return false;
            }
        }
        return end == null;
    }

    /** Reads all of {@code cursor} that the page takes, closes it, and says how the page ended. */
    public PageEnd readAll(EntityCursor cursor) {
        try (cursor) {
            read(cursor, Long.MAX_VALUE);
        }
        return finish();
    }

    /**
     * Adds entities that matched in a later part of the scan, read elsewhere, which stopped before
     * {@code resumeAt} (empty when it reached the end): where the page continues if it fills with
     * the last of them. Reading may go on from {@code resumeAt} if the page has not ended.
     *
     * @param entitiesRead how many entities were read to find them
     */
    void addMatched(List<? extends EntityView> matched, long entitiesRead, Optional<EntityKey> resumeAt) {
        if (end != null) {
            return;
        }
        read += entitiesRead;
        for (int i = 0; i < matched.size(); i++) {
            EntityView entity = matched.get(i);
            if (returned == top) {
                end = pageEnd(Optional.of(entity.key()));
                return;
            }
            sink.add(entity);
            returned++;
            if (sink.full()) {
                end = pageEnd(i + 1 < matched.size() ? Optional.of(matched.get(i + 1).key()) : resumeAt);
                return;
            }
        }
    }

    /**
     * Ends the page within the next {@value #CHECK_EVERY} entities read, as if its time were spent, from any thread:
     * how a read whose result is no longer needed is stopped.
     */
    void stop() {
        stopped = true;
    }

    /** Whether the page has ended, so that nothing more is read into it. */
    boolean ended() {
        return end != null;
    }

    /** How the page ended; a page that did not end holds the last of the query's entities. */
    public PageEnd finish() {
        return end != null ? end : pageEnd(Optional.empty());
    }

    /** A page like this one, read into {@code sink}: for another part of the same scan. */
    PageReader sibling(PageSink sink) {
        return new PageReader(plan, top, sink, deadline);
    }

    private PageEnd pageEnd(Optional<EntityKey> next) {
        return new PageEnd(next, plan, read, returned);
    }

    static boolean pastDeadline(long deadline) {
        return System.nanoTime() - deadline > 0;
    }

    /** Where a page cut short continues: the cursor's next entity, matching or not. */
    static Optional<EntityKey> nextRead(EntityCursor cursor) {
        return cursor.advance() ? Optional.of(cursor.view().key()) : Optional.empty();
    }
}
