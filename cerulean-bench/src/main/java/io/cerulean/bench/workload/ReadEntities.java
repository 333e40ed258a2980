package io.cerulean.bench.workload;

import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.IOException;

/** W2: Get Entity by PartitionKey and RowKey, uniformly over what W1 inserted; then a miss must be a 404. */
public final class ReadEntities implements Workload {
    @Override
    public String id() {
        return "W2";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        PointData data = ctx.point();
        int[] valid = data.valid();
        PhaseResult r = ctx.phase().run((worker, random) -> valid.length == 0 ? null
                : new Read(ctx, worker, data, valid[random.nextInt(valid.length)]),
                ctx.sizes().concurrency(), ctx.sizes().phase(), ctx.sizes().grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "W2 every read answered 200 with its own entity and an ETag (%,d reads, %,d errors%s)", r.ops(),
                r.errors(), WorkloadContext.firstError(r)));
        Response missing = ctx.call(ctx.pointTable().get("nosuchpartition", "nosuchrow", TableRequests.NO_METADATA));
        ctx.checks().check(missing.status() == 404,
                "reading an entity that does not exist answers 404 (got " + missing.describe() + ")");
        return WorkloadContext.rate(id(), "point read", "ops/s", r.opsPerSecond(), r);
    }

    private static final class Read implements Op {
        private final WorkloadContext ctx;
        private final int worker;
        private final PointData data;
        private final int index;

        Read(WorkloadContext ctx, int worker, PointData data, int index) {
            this.ctx = ctx;
            this.worker = worker;
            this.data = data;
            this.index = index;
        }

        @Override
        public Request request() {
            return ctx.pointTable(worker).get(data.partitionKey(index), data.rowKey(index), TableRequests.NO_METADATA);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 200) {
                throw OpFailure.status("read", response);
            }
            if (!Bytes.contains(response.content(), Bytes.ascii("\"" + data.rowKey(index) + "\""))) {
                throw new OpFailure("read " + data.rowKey(index) + ": the body is another entity's");
            }
            if (!response.headers().contains(HttpHeaderNames.ETAG)) {
                throw new OpFailure("read: no ETag header");
            }
            return true;
        }
    }
}
