package io.cerulean.bench.workload;

import io.cerulean.bench.client.BatchBody;
import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.handler.codec.http.FullHttpResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * B6: deleting blobs in batches of {@value #BATCH} against one Delete Blob each, a row each. Each
 * row first puts its own {@link #rounds} x {@value #BATCH} small blobs, untimed, into a container
 * of its own; then every worker deletes them, until none is left: one Blob Batch
 * ({@code POST ?restype=container&comp=batch}) of {@value #BATCH} Delete Blob sub-requests per
 * operation, or one Delete Blob per operation. The figure is blobs deleted per second. Checks:
 * every batch answers 202 with {@value #BATCH} parts, each {@code 202}; every Delete Blob answers
 * 202; the container is empty after.
 */
public final class BatchDeletes implements Workload {
    static final int BATCH = 256;

    private final boolean batch;
    private String container;

    private BatchDeletes(boolean batch) {
        this.batch = batch;
    }

    /** Batches, then single deletes. */
    public static List<Workload> pair() {
        return List.of(new BatchDeletes(true), new BatchDeletes(false));
    }

    @Override
    public String id() {
        return "B6";
    }

    /** Batches per row: two per worker, at least 4. */
    static int rounds(Sizes sizes) {
        return Math.max(4, 2 * sizes.concurrency());
    }

    @Override
    public void load(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        long blobs = (long) rounds(sizes) * BATCH;
        container = ctx.createContainer(batch ? "d1" : "d2");
        List<BlobRequests.Container> containers = ctx.containers(container);
        AtomicLong next = new AtomicLong();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            long n = next.getAndIncrement();
            return n < blobs ? new BlobOps.PutSmall(containers.get(worker), n) : null;
        }, sizes.concurrency(), sizes.loadCap(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() == blobs, String.format(Locale.ROOT,
                "B6 load: %,d of %,d blobs put for %s, untimed (%,d errors%s)", r.ops(), blobs,
                batch ? "batches" : "single deletes", r.errors(), WorkloadContext.firstError(r)));
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        int rounds = rounds(sizes);
        long blobs = (long) rounds * BATCH;
        List<BlobRequests.Container> containers = ctx.containers(container);
        AtomicLong next = new AtomicLong();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            long n = next.getAndIncrement();
            if (batch) {
                return n < rounds ? new DeleteBatch(containers.get(worker), n) : null;
            }
            return n < blobs ? new DeleteOne(containers.get(worker), n) : null;
        }, sizes.concurrency(), sizes.loadCap(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.items() == blobs, String.format(Locale.ROOT,
                batch ? "B6 every batch of %3$d deletes answered 202 with a 202 for each part (%1$,d blobs in %2$,d "
                        + "batches, %4$,d errors%5$s)"
                        : "B6 every Delete Blob answered 202 (%1$,d of %2$,d blobs, %4$,d errors%5$s)",
                r.items(), batch ? rounds : blobs, BATCH, r.errors(), WorkloadContext.firstError(r)));
        Response left = ctx.call(containers.get(0).listOne());
        boolean empty = left.status() == 200 && !left.text().contains("<Blob>");
        ctx.checks().check(empty, "B6 " + (batch ? "the batches" : "the single deletes") + " left container "
                + container + " empty (" + (left.status() != 200 ? left.describe() : empty ? "no blob" : "blobs remain")
                + ")");
        return WorkloadContext.rate(id(), batch ? "delete, batches of " + BATCH : "delete, one by one",
                "blobs/s", r.itemsPerSecond(), r);
    }

    /** One batch: Delete Blob of small blobs {@code round * 256 ..} {@code round * 256 + 255}. */
    static final class DeleteBatch implements Op {
        private final BlobRequests.Container container;
        private final long round;
        private long items;

        DeleteBatch(BlobRequests.Container container, long round) {
            this.container = container;
            this.round = round;
        }

        @Override
        public Request request() {
            List<String> names = new ArrayList<>(BATCH);
            for (int i = 0; i < BATCH; i++) {
                names.add(BlobData.smallName(round * BATCH + i));
            }
            return container.deleteBatch(names);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 202) {
                throw OpFailure.status("blob batch " + round, response);
            }
            List<Integer> statuses = BatchBody.statuses(response.content().toString(StandardCharsets.US_ASCII));
            if (statuses.size() != BATCH || statuses.stream().anyMatch(s -> s != 202)) {
                throw new OpFailure("blob batch " + round + ": " + statuses.size() + " parts, not all 202: "
                        + statuses.stream().filter(s -> s != 202).distinct().toList());
            }
            items = BATCH;
            return true;
        }

        @Override
        public long items() {
            return items;
        }
    }

    /** Delete Blob of small blob {@code n}: 202. */
    static final class DeleteOne implements Op {
        private final BlobRequests.Container container;
        private final long n;

        DeleteOne(BlobRequests.Container container, long n) {
            this.container = container;
            this.n = n;
        }

        @Override
        public Request request() {
            return container.deleteBlob(BlobData.smallName(n));
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 202) {
                throw OpFailure.status("delete blob " + BlobData.smallName(n), response);
            }
            return true;
        }
    }
}
