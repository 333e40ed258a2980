package io.cerulean.table.query;

import io.cerulean.table.model.Entity;
import io.cerulean.table.model.EntityKey;
import io.cerulean.table.model.EntityValidator;
import io.cerulean.table.model.EntityView;
import io.cerulean.table.layout.EntityCursor;
import io.cerulean.table.layout.KeyRange;
import io.cerulean.table.layout.ScanSnapshot;
import io.cerulean.table.layout.StoredTable;
import io.cerulean.table.layout.EntityReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads a long filtered scan in two halves at once when nothing else is running: the request's
 * thread reads the first half into the page while a helper thread reads the second and keeps what
 * matches, which follows once the first half is done; what the helper has not reached by then,
 * the request's thread reads itself. A filter that few entities of a large range pass (a table
 * scan) then has two cores rather than one.
 *
 * <p>A scan splits only when it has read {@value #SPLIT_AFTER} entities without ending its page, the
 * last {@value #SPLIT_AFTER} mostly from records rather than filter columns, is the only Query
 * Entities page being read (both when it starts and then) and finds the helper idle. A page that
 * fills in its first half makes the helper's work useless, and under concurrent queries that work
 * would be taken from them; alone, it only takes a core that was idle. Both halves read one
 * snapshot, so the page sees each entity group transaction whole, as a page read by one thread
 * does.
 */
public final class ScanSplitter {
    /** Entities a scan reads alone before it may split: short scans never wait for a second thread. */
    static final int SPLIT_AFTER = 4096;

    /**
     * Most the helper holds for the page, by the design guide's size estimate: a page's entities
     * of a megabyte each must not all be held at once.
     */
    static final long HELD_BYTES = 8L << 20;

    private final Executor helper;
    private final AtomicInteger queries = new AtomicInteger();
    private final AtomicBoolean helperBusy = new AtomicBoolean();

    /** @param helper runs the second halves, one at a time; a single thread is enough */
    public ScanSplitter(Executor helper) {
        this.helper = helper;
    }

    /**
     * Whether {@code plan} reads one range of keys under a filter: a scan this class may split.
     * Single entities are read directly instead, and without a filter a page ends long before
     * {@value #SPLIT_AFTER} entities.
     */
    static boolean splittable(QueryPlan plan) {
        return plan.ranges().size() == 1 && plan.residual().isPresent()
                && plan.queryClass() != QueryPlan.QueryClass.POINT && plan.queryClass() != QueryPlan.QueryClass.POINT_SET;
    }

    /**
     * Reads one page of a query into {@code page}, splitting its scan when it may, and says how
     * the page ended. Every page read here counts as a running query while it is read.
     */
    public PageEnd read(EntityReader store, StoredTable table, QueryPlan plan, Optional<EntityKey> resumeFrom,
                        PageReader page) {
        queries.incrementAndGet();
        try {
            // A page that starts beside another is read as any other, without taking a snapshot:
            // under concurrent queries nothing splits, and a snapshot is not free (the DB's lock).
            boolean alone = queries.get() == 1;
            Optional<ScanSnapshot> snapshot = alone && splittable(plan) ? store.snapshot(table, plan.filterProperty()) : Optional.empty();
            if (snapshot.isEmpty()) {
                return page.readAll(new PlanCursor(store, table, plan, resumeFrom));
            }
            KeyRange range = plan.ranges().get(0);
            return read(snapshot.get(), resumeFrom.map(range::resumingAt).orElse(range), page);
        } finally {
            queries.decrementAndGet();
        }
    }

    private PageEnd read(ScanSnapshot snapshot, KeyRange range, PageReader page) {
        try (snapshot) {
            KeyRange rest = null;
            Optional<EntityKey> middle = Optional.empty();
            try (EntityCursor cursor = snapshot.scan(range)) {
                if (!readUntilReadingRecords(cursor, page)) {
                    return page.finish();
                }
                if (queries.get() == 1 && helperBusy.compareAndSet(false, true)) {
                    try {
                        // The rest starts at the next entity not read, which the cursor steps onto: its
                        // current entity need not be the last one read (a filter column reads ahead).
                        Optional<EntityKey> next = PageReader.nextRead(cursor);
                        if (next.isEmpty()) {
                            return page.finish();
                        }
                        rest = range.resumingAt(next.get());
                        middle = snapshot.middle(rest);
                    } finally {
                        if (middle.isEmpty()) {
                            helperBusy.set(false);
                        }
                    }
                }
                if (middle.isEmpty()) {
                    if (rest != null) { // the cursor stands on the rest's first entity, not tested yet
                        return page.readAll(snapshot.scan(rest));
                    }
                    page.read(cursor, Long.MAX_VALUE);
                    return page.finish();
                }
            }
            return readHalves(snapshot, rest, middle.get(), page);
        }
    }

    /**
     * Reads {@value #SPLIT_AFTER} entities at a time into the page until a batch of them came mostly
     * from the store's records: true then, with the page still open; false once the page ended or
     * the cursor ran out. A scan that tests most entities in filter columns reads few records, and
     * leaves a second thread little to share: it stays on one.
     */
    private static boolean readUntilReadingRecords(EntityCursor cursor, PageReader page) {
        while (true) {
            long records = cursor.recordsRead();
            if (!page.read(cursor, SPLIT_AFTER)) {
                return false;
            }
            if ((cursor.recordsRead() - records) * 2 >= SPLIT_AFTER) {
                return true;
            }
        }
    }

    /** With the helper claimed: reads {@code rest} in two halves, the second from {@code middle} on. */
    private PageEnd readHalves(ScanSnapshot snapshot, KeyRange rest, EntityKey middle, PageReader page) {
        SecondHalf second = new SecondHalf(snapshot, rest.resumingAt(middle), page);
        try {
            helper.execute(second);
        } catch (RuntimeException | Error e) {
            helperBusy.set(false);
            if (e instanceof RejectedExecutionException) { // the server is closing: read it all here
                return page.readAll(snapshot.scan(rest));
            }
            throw e;
        }
        try (EntityCursor cursor = snapshot.scan(rest.before(middle))) {
            page.read(cursor, Long.MAX_VALUE, Optional.of(middle));
        } finally {
            // The first half is read (or failed): whatever the helper has not read yet is read
            // here, so a helper that runs slower never keeps the page waiting. Also on failure:
            // the helper's cursor must be closed before the snapshot is.
            second.stop();
            second.awaitDone();
        }
        if (page.ended()) {
            return page.finish(); // what the helper found, or how it failed, is not needed
        }
        second.rethrowFailure();
        Optional<EntityKey> unread = second.end.next();
        page.addMatched(second.matched.entities, second.end.entitiesRead(), unread);
        if (!page.ended() && unread.isPresent()) {
            page.readAll(snapshot.scan(rest.resumingAt(unread.get())));
        }
        return page.finish();
    }

    /**
     * The second half of a split scan, read on the helper into a page of its own whose entities
     * are kept as values, by the same code as the first half.
     */
    private final class SecondHalf implements Runnable {
        private final ScanSnapshot snapshot;
        private final KeyRange range;
        private final HeldEntities matched = new HeldEntities();
        private final PageReader reader;
        private final CountDownLatch done = new CountDownLatch(1);
        private PageEnd end;
        private Throwable failure;

        SecondHalf(ScanSnapshot snapshot, KeyRange range, PageReader page) {
            this.snapshot = snapshot;
            this.range = range;
            this.reader = page.sibling(matched);
        }

        @Override
        public void run() {
            try {
                end = reader.readAll(snapshot.scan(range));
            } catch (Throwable t) {
                failure = t;
            } finally {
                helperBusy.set(false);
                done.countDown();
            }
        }

        void stop() {
            reader.stop();
        }

        void awaitDone() {
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        void rethrowFailure() {
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            if (failure != null) {
                throw new IllegalStateException("the second half of a scan failed", failure);
            }
        }
    }

    /** The entities a second half matched, as values, up to {@link #HELD_BYTES}. */
    private static final class HeldEntities implements PageSink {
        private final List<Entity> entities = new ArrayList<>();
        private long held;

        @Override
        public void add(EntityView view) {
            Entity entity = view.toEntity();
            entities.add(entity);
            held += EntityValidator.estimatedSize(entity);
        }

        @Override
        public boolean full() {
            return held >= HELD_BYTES;
        }
    }
}
