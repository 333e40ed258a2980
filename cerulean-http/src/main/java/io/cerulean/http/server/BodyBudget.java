package io.cerulean.http.server;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of buffered request bodies the server holds at once, across all connections: a body
 * is admitted only if its bytes fit ({@link #tryReserve}), before it is buffered, and its bytes are
 * given back once its request is answered or its connection closes. What a request makes of its
 * body (parsed entities, a transaction) takes a few times more, so a budget well below the heap
 * keeps a burst of large requests from running the server out of memory. Thread-safe.
 */
final class BodyBudget {
    private final long capacity;
    private final AtomicLong reserved = new AtomicLong();

    BodyBudget(long capacity) {
        this.capacity = capacity;
    }

    /** The bytes reserved for one request's body, or null if they do not fit now. */
    Reservation tryReserve(long bytes) {
        long before;
        do {
            before = reserved.get();
            // One body always fits an otherwise empty server, however small the budget.
            if (before > 0 && before + bytes > capacity) {
                return null;
            }
        } while (!reserved.compareAndSet(before, before + bytes));
        return new Reservation(bytes);
    }

    long reservedBytes() {
        return reserved.get();
    }

    /** One request's share; given back once, by whichever comes first of its answer and its connection's end. */
    final class Reservation {
        private final long bytes;
        private boolean released; // its connection's event loop only

        private Reservation(long bytes) {
            this.bytes = bytes;
        }

        void release() {
            if (!released) {
                released = true;
                reserved.addAndGet(-bytes);
            }
        }
    }
}
