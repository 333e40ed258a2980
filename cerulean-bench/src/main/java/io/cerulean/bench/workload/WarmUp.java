package io.cerulean.bench.workload;

import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpResponse;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Inserts, then reads, in a scratch table before anything is timed, so that the first workload
 * does not pay for a cold JIT, cold caches or connection set-up on either side. Not reported.
 */
public final class WarmUp {
    private static final int PARTITIONS = 10;

    private WarmUp() {
    }

    /** Runs both halves against {@code table}, which must exist; returns the operations done. */
    public static long run(WorkloadContext ctx, String table) {
        TableRequests.Table scratch = ctx.requests().table(table);
        Sizes sizes = ctx.sizes();
        AtomicLong next = new AtomicLong();
        PhaseResult inserts = ctx.phase().run((worker, random) -> {
            long i = next.getAndIncrement();
            return new Simple(() -> {
                ByteBuf body = ctx.requests().alloc().buffer(sizes.entityBytes() + 64);
                ctx.entities().writeJson(body, EntityFactory.WARM, (int) (i % PARTITIONS), (int) (i / PARTITIONS));
                return scratch.insert(body);
            });
        }, sizes.concurrency(), sizes.warmup(), sizes.grace());
        long inserted = Math.max(1, next.get());
        PhaseResult reads = ctx.phase().run((worker, random) -> {
            long i = random.nextLong(inserted);
            return new Simple(() -> scratch.get(EntityFactory.partitionKey(EntityFactory.WARM, (int) (i % PARTITIONS)),
                    EntityFactory.rowKey((int) (i / PARTITIONS)), TableRequests.NO_METADATA));
        }, sizes.concurrency(), sizes.warmup(), sizes.grace());
        return inserts.ops() + reads.ops();
    }

    /** One request whose answer is not checked: a warm-up measures and verifies nothing. */
    private static final class Simple implements Op {
        private final java.util.function.Supplier<Request> request;

        Simple(java.util.function.Supplier<Request> request) {
            this.request = request;
        }

        @Override
        public Request request() {
            return request.get();
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            return true;
        }
    }
}
