package io.cerulean.store.rocksdb;

import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Group commit: writers append to the WAL without syncing, then wait here until one fsync covers
 * their sequence number. One thread syncs for everyone who arrived while the previous sync ran,
 * so throughput grows with concurrency while every acknowledged write is on disk.
 *
 * <p>A writer waits for a sequence number read after its own write, so it never returns before
 * its write is synced; writes of others that it may have read are older, so they are synced too.
 */
final class WalSyncer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WalSyncer.class);

    private final RocksDB db;
    private final Thread thread;
    private long requested; // @GuardedBy("this")
    private long synced; // @GuardedBy("this")
    private RocksDBException failure; // @GuardedBy("this")
    private boolean closed; // @GuardedBy("this")

    WalSyncer(RocksDB db) {
        this.db = db;
        this.synced = db.getLatestSequenceNumber();
        this.requested = synced;
        this.thread = new Thread(this::run, "cerulean-wal-sync");
        thread.setDaemon(true);
        thread.start();
    }

    /** Blocks until the WAL is synced through {@code sequence}. */
    synchronized void awaitDurable(long sequence) throws RocksDBException {
        if (sequence > requested) {
            requested = sequence;
            notifyAll();
        }
        boolean interrupted = false;
        while (synced < sequence) {
            if (failure != null) {
                throw failure;
            }
            if (closed) {
                throw new RocksDBException("store closed before the write was synced");
            }
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        while (true) {
            long target;
            synchronized (this) {
                while (requested <= synced && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                target = requested;
            }
            try {
                long latest = db.getLatestSequenceNumber();
                db.syncWal();
                synchronized (this) {
                    synced = Math.max(synced, Math.max(target, latest));
                    notifyAll();
                }
            } catch (RocksDBException e) {
                log.error("syncing the write-ahead log failed; writes are refused from now on", e);
                synchronized (this) {
                    failure = e;
                    notifyAll();
                }
                return;
            }
        }
    }

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
    }
}
