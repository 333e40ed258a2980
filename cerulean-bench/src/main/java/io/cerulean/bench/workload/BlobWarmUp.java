package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * B1..B4's requests in a scratch container before anything is timed, for the same reason as
 * {@link WarmUp}: small puts, then gets of what was put, a warm-up phase each; then, when B3 or
 * B4 runs, one upload of their large blob and its download on one connection. Nothing is checked or reported.
 */
public final class BlobWarmUp {
    private BlobWarmUp() {
    }

    /** Runs the parts against {@code container}, which must exist; returns the requests made. */
    public static long run(WorkloadContext ctx, String container, boolean large) {
        List<BlobRequests.Container> scratch = ctx.containers(container);
        Sizes sizes = ctx.sizes();
        AtomicLong next = new AtomicLong();
        long requests = ctx.phase().run((worker, random) -> new BlobOps.PutSmall(scratch.get(worker),
                next.getAndIncrement()), sizes.concurrency(), sizes.warmup(), sizes.grace()).requestLatency().count();
        long put = next.get();
        if (put > 0) {
            requests += ctx.phase().run((worker, random) -> new BlobOps.GetSmall(scratch.get(worker),
                    random.nextLong(put)), sizes.concurrency(), sizes.warmup(), sizes.grace()).requestLatency().count();
        }
        if (large) {
            AtomicBoolean uploaded = new AtomicBoolean();
            requests += ctx.phase().run((worker, random) -> uploaded.getAndSet(true) ? null
                    : new BlobOps.Upload(scratch.get(worker), sizes.largeBlob(), 0, n -> { }), 1, sizes.loadCap(),
                    UploadBlobs.grace(sizes)).requestLatency().count();
            AtomicBoolean downloaded = new AtomicBoolean();
            requests += ctx.phase().run((worker, random) -> downloaded.getAndSet(true) ? null
                    : new BlobOps.Download(scratch.get(worker), BlobData.largeName(0),
                            sizes.largeBlob().bytes()), 1, sizes.loadCap(),
                    UploadBlobs.grace(sizes)).requestLatency().count();
        }
        return requests;
    }
}
