package io.cerulean.store.rocksdb;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Group commit: writers append to the WAL without syncing and ask here to be told when one fsync
 * has covered their write. One thread syncs for everyone who asked while the previous sync ran,
 * so throughput grows with concurrency while every acknowledged write is on disk, and no writer
 * holds a thread while it waits.
 *
 * <p>A request notes the sequence number current when it is made, after its writer's own write,
 * so it is never completed before that write is synced; writes of others it may cover are older,
 * so they are synced too.
 */
final class WalSyncer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WalSyncer.class);
    /** The longest a sync waits for others to join it: a bound on what gathering adds to a write's latency. */
    private static final long MAX_GATHER_NANOS = 1_000_000;

    private final RocksDB db;
    private final Thread thread;
    private long synced; // @GuardedBy("this")
    /** Requests not yet covered by a sync, each for a sequence after {@link #synced}. */
    private List<Waiter> waiting = new ArrayList<>(); // @GuardedBy("this")
    private StoreException failure; // @GuardedBy("this")
    private boolean closed; // @GuardedBy("this")
    /** While gathering, the number of requests that ends the wait early; 0 otherwise. */
    private int gather; // @GuardedBy("this")
    /** What the last sync covered and how long it took: the syncer thread's own. */
    private int lastCovered;
    private long lastSyncNanos;
    private final AtomicLong syncs = new AtomicLong();
    /**
     * Commits and drops written to the log, each counted just before it is written, so that the sync
     * covering it has counted it: how many each sync covered (one in flight may be counted a sync early).
     */
    private final LongAdder written = new LongAdder();
    /** {@link #written} as the last sync read it: the syncer thread's own. */
    private long writtenAtLastSync;
    /** Told how many writes each sync made durable; does nothing by default. */
    private volatile LongConsumer groupCommits = covered -> { };

    private record Waiter(long sequence, CompletableFuture<Void> durable) {
    }

    WalSyncer(RocksDB db) {
        this.db = db;
        this.synced = db.getLatestSequenceNumber();
        this.thread = new Thread(this::run, "cerulean-wal-sync");
        thread.setDaemon(true);
        thread.start();
    }

    /** Counts one commit or drop its writer is about to write to the log: a write a later sync covers. */
    void writing() {
        written.increment();
    }

    /** Takes back the count of a write that failed ({@link #writing}). */
    void notWritten() {
        written.decrement();
    }

    /**
     * Tells {@code listener}, on the syncer's thread after each sync and before any write it covered
     * is acknowledged, how many writes ({@link #writing}) it made durable: each is counted once, by
     * the sync that covers it or, if it was counted while that sync began, the one before. So once
     * {@link #whenDurable} has completed, every write before it has been told. It must return
     * quickly: writers wait for the next sync meanwhile.
     */
    void onGroupCommit(LongConsumer listener) {
        groupCommits = listener;
    }

    /** Completes once the WAL is synced through every write made before this call. */
    CompletableFuture<Void> whenDurable() {
        long sequence = db.getLatestSequenceNumber();
        synchronized (this) {
            if (failure != null) {
                return CompletableFuture.failedFuture(failure);
            }
            if (sequence <= synced) {
                return CompletableFuture.completedFuture(null);
            }
            if (closed) {
                return CompletableFuture.failedFuture(closedBeforeSync());
            }
            CompletableFuture<Void> durable = new CompletableFuture<>();
            waiting.add(new Waiter(sequence, durable));
            if (waiting.size() == 1 || waiting.size() == gather) {
                notifyAll(); // the syncer may be idle, or gathering and now has as many as it waits for
            }
            return durable;
        }
    }

    private void run() {
        while (true) {
            synchronized (this) {
                while (waiting.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (waiting.isEmpty()) {
                    return; // closed, and nothing left to sync
                }
                try {
                    gather();
                } catch (InterruptedException e) {
                    return;
                }
            }
            long started = System.nanoTime();
            int covered = syncOnce();
            if (covered < 0) {
                return;
            }
            lastSyncNanos = System.nanoTime() - started;
            lastCovered = covered;
        }
    }

    /**
     * Under concurrent writers, waits before a sync for as many requests as the last sync covered,
     * at most as long as the last sync took: those that would have waited for the next sync share
     * this one. A sync costs the same whatever it covers, and on a busy store it was the largest
     * part of a write's CPU; a lone writer (the last sync covered one request) never waits.
     */
    private void gather() throws InterruptedException {
        if (lastCovered < 2 || closed) {
            return;
        }
        gather = lastCovered;
        long deadline = System.nanoTime() + Math.min(lastSyncNanos, MAX_GATHER_NANOS);
        try {
            for (long left = deadline - System.nanoTime(); waiting.size() < gather && left > 0 && !closed;
                 left = deadline - System.nanoTime()) {
                wait(left / 1_000_000, (int) (left % 1_000_000));
            }
        } finally {
            gather = 0;
        }
    }

    /** One fsync, then the waiters it covered are completed, outside the lock; how many, or -1 when it failed. */
    private int syncOnce() {
        List<Waiter> covered;
        long made;
        try {
            long latest = db.getLatestSequenceNumber();
            long writtenNow = written.sum(); // each written with a sequence up to latest is counted
            db.syncWal();
            syncs.incrementAndGet();
            made = writtenNow - writtenAtLastSync;
            writtenAtLastSync = writtenNow;
            tell(made); // before the writes it covered are acknowledged
            synchronized (this) {
                synced = Math.max(synced, latest);
                covered = takeCovered();
            }
        } catch (RocksDBException e) {
            log.error("syncing the write-ahead log failed; no write can be acknowledged from now on", e);
            StoreException failed = new StoreException("syncing the write-ahead log", e);
            synchronized (this) {
                failure = failed;
                covered = waiting;
                waiting = new ArrayList<>();
            }
            covered.forEach(w -> w.durable().completeExceptionally(failed));
            return -1;
        }
        for (Waiter waiter : covered) {
            waiter.durable().complete(null);
        }
        return covered.size();
    }

    private void tell(long made) {
        if (made > 0) {
            try {
                groupCommits.accept(made);
            } catch (RuntimeException e) {
                log.warn("a group commit listener failed", e); // the syncer goes on syncing
            }
        }
    }

    private List<Waiter> takeCovered() {
        List<Waiter> covered = new ArrayList<>(waiting.size());
        List<Waiter> rest = new ArrayList<>();
        for (Waiter waiter : waiting) {
            (waiter.sequence() <= synced ? covered : rest).add(waiter);
        }
        waiting = rest;
        return covered;
    }

    /** How many syncs this syncer has made. */
    long syncs() {
        return syncs.get();
    }

    /** Syncs what was asked for before closing, then stops the thread. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Waiter> abandoned;
        synchronized (this) {
            abandoned = waiting;
            waiting = new ArrayList<>();
        }
        StoreException closedBeforeSync = closedBeforeSync();
        abandoned.forEach(w -> w.durable().completeExceptionally(closedBeforeSync));
    }

    private static StoreException closedBeforeSync() {
        return new StoreException("syncing the write-ahead log",
                new RocksDBException("the store was closed before the write was synced"));
    }
}
