package io.cerulean.bench.workload;

import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * W1: Insert Entity of about 1 KB with ten typed properties, over 100 partitions, for a timed
 * phase or until the insert cap. Then reads one entity back with minimal metadata and checks the
 * typed round trip.
 */
public final class InsertEntities implements Workload {
    @Override
    public String id() {
        return "W1";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        PointData data = new PointData(sizes.insertCap(), sizes.pointPartitions());
        ctx.point(data);
        AtomicLong next = new AtomicLong();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            long i = next.getAndIncrement();
            return i < data.capacity() ? new Insert(ctx, worker, data, (int) i) : null;
        }, sizes.concurrency(), sizes.phase(), sizes.grace());
        data.seal(sizes.concurrency());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "W1 every insert answered 201/204 with an ETag (%,d inserts, %,d errors%s)", r.ops(), r.errors(),
                WorkloadContext.firstError(r)));
        checkRoundTrip(ctx, data);
        return WorkloadContext.rate(id(), "insert " + size(sizes.entityBytes()) + " entity", "ops/s",
                r.opsPerSecond(), r);
    }

    private static String size(int bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " KB" : bytes + " B";
    }

    /** Reads back an entity from the middle of the load and compares every typed property. */
    private static void checkRoundTrip(WorkloadContext ctx, PointData data) throws IOException {
        int[] valid = data.valid();
        if (valid.length == 0) {
            ctx.checks().check(false, "typed round trip: no entity was inserted to read back");
            return;
        }
        int index = valid[valid.length / 2];
        ByteBuf sent = Unpooled.buffer();
        ctx.entities().writeJson(sent, EntityFactory.POINT, data.partition(index), data.row(index));
        Response read = ctx.call(ctx.pointTable().get(data.partitionKey(index), data.rowKey(index),
                TableRequests.MINIMAL_METADATA));
        if (read.status() != 200) {
            ctx.checks().check(false, "typed round trip: reading " + data.partitionKey(index) + "/"
                    + data.rowKey(index) + " answered " + read.describe());
            return;
        }
        List<String> differences = new ArrayList<>(RoundTrip.differences(ByteBufUtil.getBytes(sent), read.body()));
        if (read.header(HttpHeaderNames.ETAG.toString()) == null) {
            differences.add("no ETag header");
        }
        if (!read.text().contains("\"Timestamp\"")) {
            differences.add("no Timestamp");
        }
        ctx.checks().check(differences.isEmpty(), "typed round trip of a W1 entity (String, Int32, Int64, Double, "
                + "Boolean, DateTime, Guid, Binary) with minimal metadata" + (differences.isEmpty() ? "" : ": "
                + differences));
    }

    private static final class Insert implements Op {
        private final WorkloadContext ctx;
        private final int worker;
        private final PointData data;
        private final int index;

        Insert(WorkloadContext ctx, int worker, PointData data, int index) {
            this.ctx = ctx;
            this.worker = worker;
            this.data = data;
            this.index = index;
        }

        @Override
        public Request request() {
            ByteBuf body = ctx.requests().alloc().buffer(ctx.sizes().entityBytes() + 64);
            ctx.entities().writeJson(body, EntityFactory.POINT, data.partition(index), data.row(index));
            return ctx.pointTable(worker).insert(body);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            int status = response.status().code();
            if (status != 204 && status != 201) {
                throw OpFailure.status("insert", response);
            }
            String etag = response.headers().get(HttpHeaderNames.ETAG);
            if (etag == null) {
                throw new OpFailure("insert: no ETag header");
            }
            data.inserted(index, etag);
            return true;
        }
    }
}
