package io.cerulean.bench.workload;

import io.cerulean.bench.client.PageReader;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Inserts, point reads, merges and paged queries in a scratch table before anything is timed,
 * so that the first workloads pay neither for a cold server nor for the bench's own JIT, which on
 * a two-core machine otherwise takes most of a core for the first ten seconds. Every request kind
 * the workloads send runs here first. Nothing is checked or reported.
 */
public final class WarmUp {
    private static final int PARTITIONS = 10;

    private WarmUp() {
    }

    /** Runs the four parts against {@code table}, which must exist; returns the requests made. */
    public static long run(WorkloadContext ctx, String table) {
        List<TableRequests.Table> scratch = ctx.tables(table);
        Sizes sizes = ctx.sizes();
        AtomicLong next = new AtomicLong();
        long requests = part(ctx, (worker, random) -> {
            long i = next.getAndIncrement();
            return new Unchecked(() -> {
                ByteBuf body = ctx.requests().alloc().buffer(sizes.entityBytes() + 64);
                ctx.entities().writeJson(body, EntityFactory.WARM, partition(i), row(i));
                return scratch.get(worker).insert(body);
            });
        });
        long inserted = Math.max(1, next.get());
        requests += part(ctx, (worker, random) -> {
            long i = random.nextLong(inserted);
            return new Unchecked(() -> scratch.get(worker).get(EntityFactory.partitionKey(EntityFactory.WARM, partition(i)),
                    EntityFactory.rowKey(row(i)), TableRequests.NO_METADATA));
        });
        requests += part(ctx, (worker, random) -> {
            long i = random.nextLong(inserted);
            String body = "{\"Score@odata.type\":\"Edm.Double\",\"Score\":" + (random.nextInt(1000) + 0.5) + "}";
            return new Unchecked(() -> scratch.get(worker).merge(EntityFactory.partitionKey(EntityFactory.WARM, partition(i)),
                    EntityFactory.rowKey(row(i)), ctx.requests().alloc().buffer().writeBytes(
                            body.getBytes(StandardCharsets.US_ASCII)), "*"));
        });
        requests += part(ctx, (worker, random) -> new QueryOp(scratch.get(worker), QueryOp.query("PartitionKey eq '"
                + EntityFactory.partitionKey(EntityFactory.WARM, random.nextInt(PARTITIONS)) + "' and Age gt 30", 50),
                new PageReader(), pages -> { }));
        return requests;
    }

    private static long part(WorkloadContext ctx, io.cerulean.bench.run.OpSource source) {
        PhaseResult r = ctx.phase().run(source, ctx.sizes().concurrency(), ctx.sizes().warmup(), ctx.sizes().grace());
        return r.requestLatency().count();
    }

    private static int partition(long i) {
        return (int) (i % PARTITIONS);
    }

    private static int row(long i) {
        return (int) (i / PARTITIONS);
    }

    /** One request whose answer is not checked: a warm-up verifies nothing. */
    private static final class Unchecked implements Op {
        private final Supplier<Request> request;

        Unchecked(Supplier<Request> request) {
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
