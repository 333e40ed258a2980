package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * B2: Get Blob of B1's 1 KiB blobs, each worker picking one at random, for a timed phase; every
 * body is compared with what was put. When B1 did not run, {@value #LOADED} blobs are put first,
 * untimed.
 */
public final class GetSmallBlobs implements Workload {
    /** Small blobs B2 puts for itself when B1 has not run. */
    static final int LOADED = 2000;

    @Override
    public String id() {
        return "B2";
    }

    @Override
    public void load(WorkloadContext ctx) throws IOException {
        if (ctx.smallBlobs() != null && ctx.smallBlobs().count() > 0) {
            return;
        }
        Sizes sizes = ctx.sizes();
        String name = ctx.createContainer("s2");
        List<BlobRequests.Container> containers = ctx.containers(name);
        AtomicLong next = new AtomicLong();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            long n = next.getAndIncrement();
            return n < LOADED ? new BlobOps.PutSmall(containers.get(worker), n) : null;
        }, sizes.concurrency(), sizes.loadCap(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() == LOADED, String.format(Locale.ROOT,
                "B2 load: %,d of %,d blobs put in %.1f s, untimed (%,d errors%s)", r.ops(), LOADED, r.seconds(),
                r.errors(), WorkloadContext.firstError(r)));
        ctx.smallBlobs(new PutSmallBlobs.Loaded(name, LOADED));
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        PutSmallBlobs.Loaded loaded = ctx.smallBlobs();
        List<BlobRequests.Container> containers = ctx.containers(loaded.container());
        long count = loaded.count();
        PhaseResult r = ctx.phase().run((worker, random) -> new BlobOps.GetSmall(containers.get(worker),
                random.nextLong(count)), sizes.concurrency(), sizes.phase(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "B2 every Get Blob answered 200 with the 1 KiB the blob was put with (%,d gets of %,d blobs, "
                        + "%,d errors%s)", r.ops(), count, r.errors(), WorkloadContext.firstError(r)));
        return WorkloadContext.rate(id(), "get blob, 1 KiB", "ops/s", r.opsPerSecond(), r);
    }
}
