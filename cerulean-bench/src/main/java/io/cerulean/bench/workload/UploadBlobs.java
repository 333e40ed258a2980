package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;

/**
 * B3: uploads of large block blobs (64 MiB unless the run says otherwise) as the SDKs upload
 * files: one Put Blob up to 4 MiB, else Put Block of 4 MiB blocks, one after the other, then Put
 * Block List; each worker one blob at a time, for a timed phase. The figure is MB/s (10^6 bytes) of blobs committed; an upload under way when the phase
 * ends may finish (see {@link #grace}), and the time runs to its end. Latency is per blob. Then
 * reads a range across a block boundary (or the end) of a committed blob back and compares the bytes. The
 * blobs stay for B4.
 */
public final class UploadBlobs implements Workload {
    /** A large blob in a container: {@link BlobData#largeName}(n). */
    record Committed(String container, long n) {
    }

    @Override
    public String id() {
        return "B3";
    }

    /** How long a large transfer under way at the end of a phase may take to finish: at least 2 minutes. */
    static Duration grace(Sizes sizes) {
        Duration least = Duration.ofMinutes(2);
        return sizes.grace().compareTo(least) > 0 ? sizes.grace() : least;
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        String name = ctx.createContainer("l");
        List<BlobRequests.Container> containers = ctx.containers(name);
        AtomicLong next = new AtomicLong();
        AtomicLong first = new AtomicLong(-1);
        PhaseResult r = ctx.phase().run((worker, random) -> new BlobOps.Upload(containers.get(worker),
                sizes.largeBlob(), next.getAndIncrement(), n -> first.compareAndSet(-1, n)), sizes.concurrency(), sizes.phase(),
                grace(sizes));
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "B3 every upload's requests answered 201 (%,d blobs of %s committed, %,d errors%s)",
                r.ops(), sizes.largeBlob().label(), r.errors(), WorkloadContext.firstError(r)));
        if (first.get() >= 0) {
            Committed committed = new Committed(name, first.get());
            ctx.largeBlob(committed);
            checkBoundary(ctx, containers.get(0), sizes.largeBlob(), "B3", committed.n());
        }
        return megabytes(id(), "upload " + sizes.largeBlob().label() + " blob, " + sizes.largeBlob().how(), r);
    }

    /** A transfer workload's row: MB/s of completed blobs, latency per blob. */
    static WorkloadResult megabytes(String id, String title, PhaseResult r) {
        return new WorkloadResult(id, title, "MB/s", r.itemsPerSecond() / 1e6, r.opLatency().percentileMillis(0.5),
                r.opLatency().percentileMillis(0.99), r.ops(), r.errors(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty());
    }

    /**
     * Get Blob of the 32 bytes around the end of the first block of large blob {@code n} (the last
     * 32 bytes of a single-shot blob): 206, its bytes, and a Content-Range naming the whole blob's
     * length.
     */
    static void checkBoundary(WorkloadContext ctx, BlobRequests.Container container, LargeBlob shape, String id,
                              long n) throws IOException {
        long from = shape.singleShot() ? shape.bytes() - 32 : LargeBlob.BLOCK_BYTES - 16;
        long to = shape.singleShot() ? shape.bytes() - 1 : LargeBlob.BLOCK_BYTES + BlobData.HEADER_BYTES + 15;
        Response get = ctx.call(container.getRange(BlobData.largeName(n), from, to));
        String expectedRange = "bytes " + from + "-" + to + "/" + shape.bytes();
        boolean same = get.status() == 206 && get.body().length == to - from + 1
                && BlobData.isLarge(Unpooled.wrappedBuffer(get.body()), n, from)
                && expectedRange.equals(get.header("Content-Range"));
        ctx.checks().check(same, String.format("%s blob %s holds its blocks in order: bytes %,d..%,d read back as "
                + "uploaded (%s)", id, BlobData.largeName(n), from, to, get.status() != 206 ? get.describe()
                : get.body().length + " bytes, Content-Range " + get.header("Content-Range") + (same ? "" : ", different")));
    }
}
