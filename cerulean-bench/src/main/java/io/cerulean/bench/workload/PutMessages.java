package io.cerulean.bench.workload;

import io.cerulean.bench.client.QueueRequests;
import io.cerulean.bench.client.QueueXml;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Q1: Put Message of a 100-character text into one queue the workload creates, from every worker,
 * for a timed phase. Then peeks the oldest message to check its text came back as it was sent,
 * and reads the queue's message count.
 */
public final class PutMessages implements Workload {
    @Override
    public String id() {
        return "Q1";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        String name = ctx.createQueue("q1");
        List<QueueRequests.Queue> queues = ctx.queues(name);
        AtomicLong next = new AtomicLong();
        PhaseResult r = ctx.phase().run((worker, random) -> new QueueOps.Put(queues.get(worker), next.getAndIncrement()),
                sizes.concurrency(), sizes.phase(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "Q1 every Put Message answered 201 with a MessageId (%,d puts, %,d errors%s)", r.ops(), r.errors(),
                WorkloadContext.firstError(r)));
        checkPeek(ctx, queues.get(0));
        checkCount(ctx, queues.get(0), "Q1", r.ops());
        return WorkloadContext.rate(id(), "put message, " + QueueOps.TEXT_CHARS + " B", "ops/s",
                r.opsPerSecond(), r);
    }

    private static void checkPeek(WorkloadContext ctx, QueueRequests.Queue queue) throws IOException {
        Response peek = ctx.call(queue.peek(1));
        List<QueueXml.Message> messages = peek.status() == 200 ? QueueXml.messages(peek.text()) : List.of();
        String text = messages.isEmpty() ? null : messages.get(0).text();
        ctx.checks().check(QueueOps.number(text) >= 0, "Q1 a message peeked has the text it was put with ("
                + (peek.status() != 200 ? peek.describe() : messages.isEmpty() ? "no message"
                : "text " + abbreviate(text)) + ")");
    }

    /** The queue's approximate message count must be exact when nothing else touches it. */
    static void checkCount(WorkloadContext ctx, QueueRequests.Queue queue, String id, long expected) throws IOException {
        Response metadata = ctx.call(queue.metadata());
        String count = metadata.header("x-ms-approximate-messages-count");
        ctx.checks().check(metadata.status() == 200 && String.valueOf(expected).equals(count),
                String.format("%s the queue's x-ms-approximate-messages-count is %,d (%s)", id, expected,
                        metadata.status() != 200 ? metadata.describe() : "got " + count));
    }

    private static String abbreviate(String s) {
        return s == null ? "none" : s.length() <= 24 ? "'" + s + "'" : "'" + s.substring(0, 24) + "...'";
    }
}
