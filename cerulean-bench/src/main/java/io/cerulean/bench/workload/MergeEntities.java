package io.cerulean.bench.workload;

import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * W7: Merge Entity with {@code If-Match} and the entity's current ETag, on W1's entities. Each
 * worker updates only its own entities, so a 412 here is the server's fault, not a race. Then
 * optimistic concurrency itself: the ETag a merge replaced must be refused with 412.
 */
public final class MergeEntities implements Workload {
    @Override
    public String id() {
        return "W7";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        PointData data = ctx.point();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            int[] mine = data.owned(worker);
            if (mine.length == 0) {
                return null;
            }
            String body = "{\"Score@odata.type\":\"Edm.Double\",\"Score\":" + (random.nextInt(100_000) + 0.5)
                    + ",\"Active\":" + random.nextBoolean() + "}";
            return new Merge(ctx, worker, data, mine[random.nextInt(mine.length)], body);
        }, ctx.sizes().concurrency(), ctx.sizes().phase(), ctx.sizes().grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "W7 every merge with the current ETag answered 204 with a new ETag (%,d merges, %,d errors%s)",
                r.ops(), r.errors(), WorkloadContext.firstError(r)));
        checkStaleEtag(ctx, data);
        return WorkloadContext.rate(id(), "merge with If-Match", "ops/s", r.opsPerSecond(), r);
    }

    private static void checkStaleEtag(WorkloadContext ctx, PointData data) throws IOException {
        int[] mine = data.owned(0);
        if (mine.length == 0) {
            ctx.checks().check(false, "stale ETag: no entity with a known ETag to try");
            return;
        }
        int index = mine[0];
        String old = data.etag(index);
        Response current = ctx.call(ctx.pointTable().merge(data.partitionKey(index), data.rowKey(index),
                json("{\"City\":\"Zurich\"}"), old));
        String fresh = current.header(HttpHeaderNames.ETAG.toString());
        if (fresh != null) {
            data.etag(index, fresh);
        }
        Response stale = ctx.call(ctx.pointTable().merge(data.partitionKey(index), data.rowKey(index),
                json("{\"City\":\"Basel\"}"), old));
        ctx.checks().check(current.status() == 204 && fresh != null && !fresh.equals(old) && stale.status() == 412,
                "optimistic concurrency: merge with the current ETag -> " + current.describe()
                        + (fresh != null && !fresh.equals(old) ? " and a new ETag" : " without a new ETag")
                        + ", then with the replaced ETag -> " + stale.describe() + " (want 204, then 412)");
    }

    private static ByteBuf json(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }

    private static final class Merge implements Op {
        private final WorkloadContext ctx;
        private final int worker;
        private final PointData data;
        private final int index;
        private final String body;

        Merge(WorkloadContext ctx, int worker, PointData data, int index, String body) {
            this.ctx = ctx;
            this.worker = worker;
            this.data = data;
            this.index = index;
            this.body = body;
        }

        @Override
        public Request request() {
            ByteBuf json = ctx.requests().alloc().buffer(body.length());
            json.writeCharSequence(body, StandardCharsets.US_ASCII);
            return ctx.pointTable(worker).merge(data.partitionKey(index), data.rowKey(index), json, data.etag(index));
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 204) {
                throw OpFailure.status("merge", response);
            }
            String etag = response.headers().get(HttpHeaderNames.ETAG);
            if (etag == null || etag.equals(data.etag(index))) {
                throw new OpFailure("merge: " + (etag == null ? "no ETag header" : "the ETag did not change"));
            }
            data.etag(index, etag);
            return true;
        }
    }
}
