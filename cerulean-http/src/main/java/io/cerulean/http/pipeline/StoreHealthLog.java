package io.cerulean.http.pipeline;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Remembers why the store last could not answer, so that a full disk is logged once, and again
 * only when the reason changes or writes succeed again, rather than once per refused request.
 * Thread-safe; a request that finds nothing wrong pays one volatile read.
 */
final class StoreHealthLog {
    private final AtomicReference<String> failing = new AtomicReference<>();

    /** Whether this failure's reason differs from the one logged last, which it now is. */
    boolean isNews(Throwable failure) {
        String reason = reason(failure);
        return !reason.equals(failing.getAndSet(reason));
    }

    /** Whether a failure was logged and has now ended: a write succeeded. */
    boolean recovered() {
        return failing.get() != null && failing.getAndSet(null) != null;
    }

    /** The innermost cause says what went wrong ("No space left on device"); the outer ones where. */
    static String reason(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getName() + ": " + root.getMessage();
    }
}
