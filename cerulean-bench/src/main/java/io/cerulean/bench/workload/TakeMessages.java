package io.cerulean.bench.workload;

import io.cerulean.bench.client.QueueRequests;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Q2: Get Messages for one message with a 30 s visibility timeout, then Delete Message with its
 * pop receipt, from every worker, for a timed phase: one operation per message taken and deleted.
 * The queue is filled first, untimed: with {@code --messages} messages, or else by putting messages
 * for twice the phase's length, which leaves more than the phase can take as long as a get and a
 * delete together cost more than half a put. Should it run dry all the same, the workers stop and
 * a check says so.
 */
public final class TakeMessages implements Workload {
    /** Q2's queue as its load left it. */
    record Filled(String queue, long messages, double seconds) {
    }

    @Override
    public String id() {
        return "Q2";
    }

    @Override
    public void load(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        String name = ctx.createQueue("q2");
        List<QueueRequests.Queue> queues = ctx.queues(name);
        AtomicLong next = new AtomicLong();
        long cap = sizes.queueMessages() > 0 ? sizes.queueMessages() : Long.MAX_VALUE;
        Duration fill = sizes.queueMessages() > 0 ? sizes.loadCap() : sizes.phase().multipliedBy(2);
        PhaseResult r = ctx.phase().run((worker, random) -> {
            long n = next.getAndIncrement();
            return n < cap ? new QueueOps.Put(queues.get(worker), n) : null;
        }, sizes.concurrency(), fill, sizes.grace());
        boolean complete = cap == Long.MAX_VALUE || r.ops() == cap;
        ctx.checks().check(r.errors() == 0 && r.ops() > 0 && complete, String.format(Locale.ROOT,
                "Q2 load: %,d messages put in %.1f s, untimed (%,d errors%s%s)", r.ops(), r.seconds(), r.errors(),
                complete ? "" : ", stopped at the load cap of " + sizes.loadCap().toSeconds() + " s",
                WorkloadContext.firstError(r)));
        ctx.filled(new Filled(name, r.ops(), r.seconds()));
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Filled filled = ctx.filled();
        Sizes sizes = ctx.sizes();
        List<QueueRequests.Queue> queues = ctx.queues(filled.queue());
        AtomicBoolean dry = new AtomicBoolean();
        PhaseResult r = ctx.phase().run((worker, random) -> dry.get() ? null : new QueueOps.Take(queues.get(worker), dry),
                sizes.concurrency(), sizes.phase(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.items() > 0, String.format(
                "Q2 every Get Messages gave a message with a pop receipt and its Delete Message answered 204 "
                        + "(%,d taken and deleted, %,d errors%s)", r.items(), r.errors(), WorkloadContext.firstError(r)));
        ctx.checks().check(!dry.get(), String.format("Q2 the queue did not run dry during the phase (%,d loaded, "
                + "%,d taken)", filled.messages(), r.items()));
        PutMessages.checkCount(ctx, queues.get(0), "Q2", filled.messages() - r.items());
        // The figure and the ops column count messages taken and deleted; an empty get is not one.
        return new WorkloadResult(id(), "get + delete message", "ops/s", r.itemsPerSecond(),
                r.opLatency().percentileMillis(0.5), r.opLatency().percentileMillis(0.99), r.items(), r.errors(),
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty());
    }
}
