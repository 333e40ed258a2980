package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * B4: Get Blob of one large blob (64 MiB unless the run says otherwise), whole, one request each, from every worker, for a timed phase;
 * bodies are counted and dropped as they arrive, never held whole. The figure is MB/s (10^6 bytes)
 * of bodies received in full. The blob is one B3 committed, or, when B3 did not run, one this
 * workload uploads first, untimed.
 */
public final class DownloadBlobs implements Workload {
    @Override
    public String id() {
        return "B4";
    }

    @Override
    public void load(WorkloadContext ctx) throws IOException {
        if (ctx.largeBlob() != null) {
            return;
        }
        Sizes sizes = ctx.sizes();
        String name = ctx.createContainer("l4");
        List<BlobRequests.Container> containers = ctx.containers(name);
        AtomicBoolean given = new AtomicBoolean();
        PhaseResult r = ctx.phase().run((worker, random) -> given.getAndSet(true) ? null
                : new BlobOps.Upload(containers.get(worker), sizes.largeBlob(), 0, n -> { }), 1, sizes.loadCap(),
                UploadBlobs.grace(sizes));
        boolean ok = r.errors() == 0 && r.ops() == 1;
        ctx.checks().check(ok, String.format(Locale.ROOT, "B4 load: a %s blob uploaded in %.1f s, untimed "
                + "(%,d errors%s)", sizes.largeBlob().label(), r.seconds(), r.errors(), WorkloadContext.firstError(r)));
        if (!ok) {
            throw new IOException("B4 has no blob to read: its upload failed");
        }
        ctx.largeBlob(new UploadBlobs.Committed(name, 0));
        UploadBlobs.checkBoundary(ctx, containers.get(0), sizes.largeBlob(), "B4", 0);
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        UploadBlobs.Committed blob = ctx.largeBlob();
        List<BlobRequests.Container> containers = ctx.containers(blob.container());
        String name = BlobData.largeName(blob.n());
        PhaseResult r = ctx.phase().run((worker, random) -> new BlobOps.Download(containers.get(worker), name,
                sizes.largeBlob().bytes()),
                sizes.concurrency(), sizes.phase(), UploadBlobs.grace(sizes));
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "B4 every Get Blob answered 200 with all %s (%,d downloads, %,d errors%s)", sizes.largeBlob().label(),
                r.ops(), r.errors(),
                WorkloadContext.firstError(r)));
        return UploadBlobs.megabytes(id(), "download " + sizes.largeBlob().label() + " blob, whole", r);
    }
}
