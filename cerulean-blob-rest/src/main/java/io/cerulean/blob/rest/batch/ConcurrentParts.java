package io.cerulean.blob.rest.batch;

import io.cerulean.http.message.AzureResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a batch's sub-requests several at once: at most {@value #AT_ONCE} together, on the batch's
 * own thread and on helper threads, each answer kept at its part's index, so that the batch answers in
 * sub-request order whatever order they end in. A store that waits on the network or the disk then
 * has several of a batch's writes under way rather than one.
 *
 * <p>Parts that address the same blob run one after the other, in the batch's order, on one thread:
 * each sees what those before it did (the same blob deleted twice answers 202 then 404), as if the
 * batch ran in order. Parts of different blobs write different partitions and cannot see each other.
 *
 * <p>The batch's thread never waits for a helper to start: it takes the next blob's parts itself,
 * and a helper that starts late finds none left and ends. At the end it waits only for parts that
 * helpers are running. A pool that is busy or shut thus slows a batch to one thread, never stalls
 * it. No thread waits on a socket: every sub-request's body is already buffered, and the answers are
 * held until the batch's is written.
 */
final class ConcurrentParts {
    private static final Logger log = LoggerFactory.getLogger(ConcurrentParts.class);
    /** Most sub-requests of one batch that run at once, the batch's own thread included. */
    static final int AT_ONCE = 8;

    private final Executor helpers;

    /** @param helpers runs the parts the batch's thread does not; it may queue them, or refuse them */
    ConcurrentParts(Executor helpers) {
        this.helpers = helpers;
    }

    /**
     * Helper threads for every batch of a server, {@value #AT_ONCE} at most: daemons, gone when idle,
     * so that a server that takes no batch keeps none.
     */
    static ExecutorService helperPool() {
        AtomicInteger counter = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(AT_ONCE, AT_ONCE, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, "cerulean-batch-" + counter.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /**
     * The answer to each of {@code parts}, in their order: {@code answer}'s, or null where it threw
     * (the caller answers that part as it must; the others are not affected).
     */
    List<AzureResponse> answer(List<BatchPart> parts, Function<BatchPart, AzureResponse> answer) {
        List<List<Integer>> blobs = byBlob(parts);
        Run run = new Run(parts, blobs, answer);
        int wanted = Math.min(AT_ONCE, blobs.size()) - 1;
        for (int i = 0; i < wanted; i++) {
            try {
                helpers.execute(run::work);
            } catch (RejectedExecutionException e) {
                break; // the batch's thread runs what no helper takes
            }
        }
        run.work();
        run.awaitHelpers();
        return run.answers();
    }

    /**
     * The parts' indexes grouped by the blob they address, in the order each blob first appears, each
     * group in the batch's order.
     */
    static List<List<Integer>> byBlob(List<BatchPart> parts) {
        Map<String, List<Integer>> byBlob = new LinkedHashMap<>();
        List<List<Integer>> groups = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            String blob = parts.get(i).blob();
            List<Integer> group = blob == null ? null : byBlob.get(blob);
            if (group == null) {
                group = new ArrayList<>(1);
                groups.add(group);
                if (blob != null) {
                    byBlob.put(blob, group);
                }
            }
            group.add(i);
        }
        return groups;
    }

    /** One batch's parts as they run: the next group to take, the answers, the groups not yet done. */
    private static final class Run {
        private final List<BatchPart> parts;
        private final List<List<Integer>> groups;
        private final Function<BatchPart, AzureResponse> answer;
        private final AzureResponse[] answers;
        private final AtomicInteger next = new AtomicInteger();
        private final CountDownLatch done;

        Run(List<BatchPart> parts, List<List<Integer>> groups, Function<BatchPart, AzureResponse> answer) {
            this.parts = parts;
            this.groups = groups;
            this.answer = answer;
            this.answers = new AzureResponse[parts.size()];
            this.done = new CountDownLatch(groups.size());
        }

        /** Takes groups until none is left; each group's parts in order. */
        void work() {
            for (int g = next.getAndIncrement(); g < groups.size(); g = next.getAndIncrement()) {
                try {
                    for (int i : groups.get(g)) {
                        answers[i] = answerOf(parts.get(i));
                    }
                } finally {
                    done.countDown(); // published to the batch's thread by the latch
                }
            }
        }

        private AzureResponse answerOf(BatchPart part) {
            try {
                return answer.apply(part);
            } catch (RuntimeException e) {
                log.error("a batch's sub-request {} {} failed unexpectedly", part.request().method(),
                        part.request().rawPath(), e);
                return null;
            }
        }

        /** Waits for the groups helpers took: they are running, so this ends. */
        void awaitHelpers() {
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the answers are still wanted; the flag is kept for the caller
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        List<AzureResponse> answers() {
            return Arrays.asList(answers);
        }
    }
}
