package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * B1: Put Blob of 1 KiB block blobs, each under a name of its own, into one container the
 * workload creates, from every worker, for a timed phase. Then reads the first and the last blob
 * back and compares their bytes. The blobs stay for B2.
 */
public final class PutSmallBlobs implements Workload {
    /** The small blobs of one container: {@link BlobData#smallName} 0 .. count-1. */
    record Loaded(String container, long count) {
    }

    @Override
    public String id() {
        return "B1";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        String name = ctx.createContainer("s");
        List<BlobRequests.Container> containers = ctx.containers(name);
        AtomicLong next = new AtomicLong();
        PhaseResult r = ctx.phase().run((worker, random) -> new BlobOps.PutSmall(containers.get(worker),
                next.getAndIncrement()), sizes.concurrency(), sizes.phase(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "B1 every Put Blob answered 201 (%,d puts, %,d errors%s)", r.ops(), r.errors(),
                WorkloadContext.firstError(r)));
        Loaded loaded = new Loaded(name, next.get());
        ctx.smallBlobs(loaded);
        if (r.ops() > 0) {
            checkReadBack(ctx, containers.get(0), "B1", 0);
            checkReadBack(ctx, containers.get(0), "B1", loaded.count() - 1);
        }
        return WorkloadContext.rate(id(), "put blob, 1 KiB", "ops/s", r.opsPerSecond(), r);
    }

    /** Get Blob of small blob {@code n} gives back exactly what was put. */
    static void checkReadBack(WorkloadContext ctx, BlobRequests.Container container, String id, long n)
            throws IOException {
        Response get = ctx.call(container.getBlob(BlobData.smallName(n)));
        boolean same = get.status() == 200 && BlobData.isSmall(Unpooled.wrappedBuffer(get.body()), n);
        ctx.checks().check(same, String.format("%s blob %s reads back as the 1 KiB it was put with (%s)", id,
                BlobData.smallName(n), get.status() != 200 ? get.describe() : get.body().length + " bytes"
                        + (same ? "" : ", different")));
    }
}
