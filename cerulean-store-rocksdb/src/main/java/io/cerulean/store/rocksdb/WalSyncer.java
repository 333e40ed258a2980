package io.cerulean.store.rocksdb;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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

    private final RocksDB db;
    private final Thread thread;
    private long synced; // @GuardedBy("this")
    /** Requests not yet covered by a sync, each for a sequence after {@link #synced}. */
    private List<Waiter> waiting = new ArrayList<>(); // @GuardedBy("this")
    private StoreException failure; // @GuardedBy("this")
    private boolean closed; // @GuardedBy("this")

    private record Waiter(long sequence, CompletableFuture<Void> durable) {
    }

    WalSyncer(RocksDB db) {
        this.db = db;
        this.synced = db.getLatestSequenceNumber();
        this.thread = new Thread(this::run, "cerulean-wal-sync");
        thread.setDaemon(true);
        thread.start();
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
            if (waiting.isEmpty()) {
                notifyAll(); // the syncer may be idle
            }
            waiting.add(new Waiter(sequence, durable));
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
            }
            if (!syncOnce()) {
                return;
            }
        }
    }

    /** One fsync, then the waiters it covered are completed, outside the lock. */
    private boolean syncOnce() {
        List<Waiter> covered;
        try {
            long latest = db.getLatestSequenceNumber();
            db.syncWal();
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
            return false;
        }
        for (Waiter waiter : covered) {
            waiter.durable().complete(null);
        }
        return true;
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
