package io.cerulean.bench.workload;

import io.cerulean.bench.client.Request;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * W3: entity group transactions of 100 inserts ($batch, multipart/mixed, contract 6.1), loading
 * the data set the queries read: a counted load, not a timed one, stopped at the load cap.
 */
public final class LoadBatches implements Workload {
    private static final byte[] SUCCESS_LINE = Bytes.ascii("HTTP/1.1 20");
    private static final byte[] STATUS_LINE = Bytes.ascii("HTTP/1.1 ");

    @Override
    public String id() {
        return "W3";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) {
        Sizes sizes = ctx.sizes();
        BigData data = new BigData(sizes);
        ctx.big(data);
        AtomicLong next = new AtomicLong();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            long b = next.getAndIncrement();
            return b < data.batches() ? new Batch(ctx, worker, data, (int) b, random) : null;
        }, sizes.concurrency(), sizes.loadCap(), sizes.grace());
        data.seal();
        ctx.checks().check(r.errors() == 0 && data.complete(), String.format(
                "W3 all %,d batches of %d committed (%,d entities loaded, %,d errors%s%s)", data.batches(),
                sizes.batchSize(), data.loaded(), r.errors(), data.complete() ? "" : ", stopped at the load cap of "
                        + sizes.loadCap().toSeconds() + " s", WorkloadContext.firstError(r)));
        return WorkloadContext.rate(id(), "batch insert, " + sizes.batchSize() + " per txn", "entities/s",
                r.itemsPerSecond(), r);
    }

    private static final class Batch implements Op {
        private final WorkloadContext ctx;
        private final int worker;
        private final BigData data;
        private final int batch;
        private final String boundary;
        private final String changeset;

        Batch(WorkloadContext ctx, int worker, BigData data, int batch, SplittableRandom random) {
            this.ctx = ctx;
            this.worker = worker;
            this.data = data;
            this.batch = batch;
            this.boundary = "batch_" + Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
            this.changeset = "changeset_" + Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
        }

        @Override
        public Request request() {
            int size = ctx.sizes().batchSize();
            ByteBuf body = ctx.requests().alloc().buffer(size * (ctx.sizes().entityBytes() + 320) + 256);
            ascii(body, "--" + boundary + "\r\nContent-Type: multipart/mixed; boundary=" + changeset + "\r\n\r\n");
            String partHead = "--" + changeset + "\r\nContent-Type: application/http\r\n"
                    + "Content-Transfer-Encoding: binary\r\n\r\nPOST " + ctx.bigTable(worker).url() + " HTTP/1.1\r\n"
                    + "Content-Type: application/json\r\nAccept: application/json;odata=nometadata\r\n"
                    + "Prefer: return-no-content\r\nDataServiceVersion: 3.0\r\n\r\n";
            int partition = data.partitionOf(batch);
            for (int row = data.firstRowOf(batch); row < data.firstRowOf(batch) + size; row++) {
                ascii(body, partHead);
                ctx.entities().writeJson(body, EntityFactory.BIG, partition, row);
                ascii(body, "\r\n");
            }
            ascii(body, "--" + changeset + "--\r\n--" + boundary + "--\r\n");
            return ctx.requests(worker).batch(boundary, body);
        }

        private static void ascii(ByteBuf out, String s) {
            out.writeCharSequence(s, StandardCharsets.US_ASCII);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 202) {
                throw OpFailure.status("batch", response);
            }
            int succeeded = Bytes.count(response.content(), SUCCESS_LINE);
            if (succeeded != ctx.sizes().batchSize()) {
                int at = Bytes.indexOf(response.content(), STATUS_LINE, response.content().readerIndex());
                String first = at < 0 ? "no status line" : response.content().toString(at,
                        Math.min(40, response.content().writerIndex() - at), StandardCharsets.US_ASCII).split("\r")[0];
                throw new OpFailure("batch: " + succeeded + " of " + ctx.sizes().batchSize()
                        + " inserts succeeded; " + first);
            }
            data.committed(batch);
            return true;
        }

        @Override
        public long items() {
            return ctx.sizes().batchSize();
        }
    }
}
