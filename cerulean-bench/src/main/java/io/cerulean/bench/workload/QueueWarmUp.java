package io.cerulean.bench.workload;

import io.cerulean.bench.client.QueueRequests;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Q1's and Q2's requests in a scratch queue before anything is timed, for the same reason as
 * {@link WarmUp}: puts, then gets and deletes of what was put. Nothing is checked or reported.
 */
public final class QueueWarmUp {
    private QueueWarmUp() {
    }

    /** Runs both parts against {@code queue}, which must exist; returns the requests made. */
    public static long run(WorkloadContext ctx, String queue) {
        List<QueueRequests.Queue> scratch = ctx.queues(queue);
        Sizes sizes = ctx.sizes();
        AtomicLong next = new AtomicLong();
        long requests = ctx.phase().run((worker, random) -> new QueueOps.Put(scratch.get(worker), next.getAndIncrement()),
                sizes.concurrency(), sizes.warmup(), sizes.grace()).requestLatency().count();
        AtomicBoolean dry = new AtomicBoolean();
        requests += ctx.phase().run((worker, random) -> dry.get() ? null : new QueueOps.Take(scratch.get(worker), dry),
                sizes.concurrency(), sizes.warmup(), sizes.grace()).requestLatency().count();
        return requests;
    }
}
