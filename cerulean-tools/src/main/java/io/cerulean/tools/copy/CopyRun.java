package io.cerulean.tools.copy;

import io.cerulean.tools.progress.Progress;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one {@code cerulean copy} shares between its workers: two bounded pools (whole items, and the
 * parts of one item: blocks, page ranges, entity batches, so that an item waiting on its parts never
 * holds the threads they need), the progress, the tally and the failures.
 *
 * <p>An endpoint that cannot be reached or refuses the credentials stops the whole copy: every item
 * after would fail the same way. Any other failure is the item's: reported by name, the rest go on.
 */
public final class CopyRun implements AutoCloseable {
    private final ExecutorService items;
    private final ExecutorService members;
    private final ExecutorService parts;
    private final int parallel;
    private final Progress progress;
    private final PrintWriter err;
    private final AtomicReference<String> endpointFailure = new AtomicReference<>();
    private final ConcurrentLinkedQueue<String> failed = new ConcurrentLinkedQueue<>();
    private final LongAdder tables = new LongAdder();
    private final LongAdder entities = new LongAdder();
    private final LongAdder queues = new LongAdder();
    private final LongAdder messages = new LongAdder();
    private final LongAdder containers = new LongAdder();
    private final LongAdder blobs = new LongAdder();

    public CopyRun(int parallel, Progress progress, PrintWriter err) {
        this.parallel = parallel;
        this.items = Executors.newFixedThreadPool(parallel, named("copy-item"));
        this.members = Executors.newFixedThreadPool(parallel, named("copy-member"));
        this.parts = Executors.newFixedThreadPool(parallel, named("copy-part"));
        this.progress = progress;
        this.err = err;
    }

    public int parallel() {
        return parallel;
    }

    public Progress progress() {
        return progress;
    }

    /** Runs every item's copy on the item pool and waits for them all; each failure is reported, not thrown. */
    public void copyAll(List<CopyItem> work, ItemCopier copier) {
        List<Future<Void>> running = new ArrayList<>();
        for (CopyItem item : work) {
            running.add(items.submit(() -> {
                if (stopped()) {
                    return null;
                }
                try {
                    copier.copy(item);
                } catch (RuntimeException | Error e) {
                    failed(item.toString(), e);
                }
                return null;
            }));
        }
        waitFor(running);
    }

    /**
     * Copies each of {@code members} (a container's blobs, as its listing pages them) on the member
     * pool, at most {@link #parallel} at once, so a listing of millions holds no more than that in
     * flight; each failure is reported under its {@code name}. Returns once all are done.
     */
    public <T> void each(Iterable<T> members, Function<T, String> name, Consumer<T> copy) {
        Semaphore slots = new Semaphore(parallel);
        try {
            for (T member : members) {
                if (stopped()) {
                    break;
                }
                slots.acquire();
                this.members.execute(() -> {
                    try {
                        copy.accept(member);
                    } catch (RuntimeException | Error e) {
                        failed(name.apply(member), e);
                    } finally {
                        slots.release();
                    }
                });
            }
            slots.acquire(parallel);
            slots.release(parallel);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Runs {@code tasks} on the part pool, at most {@link #parallel} at once, and waits; the first failure is thrown. */
    public <T> List<T> inParts(List<Callable<T>> tasks) {
        List<Future<T>> running = new ArrayList<>();
        for (Callable<T> task : tasks) {
            running.add(parts.submit(task));
        }
        return waitFor(running);
    }

    /** A task on the part pool, for callers that bound their own number in flight. */
    public <T> Future<T> part(Callable<T> task) {
        return parts.submit(task);
    }

    /** Records {@code what} as failed, with the reason the service gave, or stops the copy if the endpoint is at fault. */
    public void failed(String what, Throwable e) {
        Failure failure = Failure.of(e);
        if (failure.endpoint()) {
            if (endpointFailure.compareAndSet(null, what + ": " + failure.reason())) {
                err.println("cerulean copy: " + what + ": " + failure.reason());
                err.flush();
            }
            return;
        }
        failed.add(what);
        progress.failed(1);
        err.println("failed: " + what + ": " + failure.reason());
        err.flush();
    }

    /** Records {@code what} as refused by the service for {@code reason} (its status and error code). */
    public void failed(String what, String reason) {
        failed.add(what);
        progress.failed(1);
        err.println("failed: " + what + ": " + reason);
        err.flush();
    }

    /** True once an endpoint failed: nothing more is started. */
    public boolean stopped() {
        return endpointFailure.get() != null;
    }

    public boolean endpointFailed() {
        return stopped();
    }

    public List<String> failures() {
        return List.copyOf(failed);
    }

    public void tableDone() {
        tables.increment();
    }

    public void entitiesDone(long n, long bytes) {
        entities.add(n);
        progress.add(n, bytes);
    }

    public void queueDone() {
        queues.increment();
    }

    public void messageDone(long bytes) {
        messages.increment();
        progress.add(1, bytes);
    }

    public void containerDone() {
        containers.increment();
    }

    public void blobDone() {
        blobs.increment();
        progress.add(1, 0);
    }

    /** Bytes of a blob written, as they are: the rate is the bytes'. */
    public void bytesDone(long bytes) {
        progress.add(0, bytes);
    }

    /** The closing line: what was copied, what failed. */
    public String summary() {
        List<String> parts = new ArrayList<>();
        if (tables.sum() > 0 || entities.sum() > 0) {
            parts.add(tables.sum() + " table(s), " + entities.sum() + " entities");
        }
        if (queues.sum() > 0 || messages.sum() > 0) {
            parts.add(queues.sum() + " queue(s), " + messages.sum() + " messages");
        }
        if (containers.sum() > 0 || blobs.sum() > 0) {
            parts.add(containers.sum() + " container(s), " + blobs.sum() + " blobs");
        }
        String copied = "copied " + (parts.isEmpty() ? "nothing" : String.join("; ", parts))
                + " (" + io.cerulean.tools.progress.ByteSize.format(progress.bytes()) + ")";
        if (endpointFailure.get() != null) {
            return copied + "; stopped: " + endpointFailure.get();
        }
        return failed.isEmpty() ? copied : copied + "; " + failed.size() + " failed: " + String.join(", ", failed);
    }

    @Override
    public void close() {
        items.shutdownNow();
        members.shutdownNow();
        parts.shutdownNow();
    }

    private static <T> List<T> waitFor(List<? extends Future<T>> running) {
        List<T> results = new ArrayList<>();
        RuntimeException first = null;
        for (Future<T> future : running) {
            try {
                results.add(future.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
        }
        if (first != null) {
            throw first;
        }
        return results;
    }

    private static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread thread = new Thread(r, prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Copies one item. */
    @FunctionalInterface
    public interface ItemCopier {
        void copy(CopyItem item);
    }
}
