package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobPage;
import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;
import io.netty.handler.codec.http.FullHttpResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * B5: the same lookup two ways, a row each. Untimed first, {@link Sizes#tagBlobs} empty blobs go
 * into one container, blob i tagged {@code project=p<i mod 100>}, so that {@code "project" = 'p7'}
 * names exactly one blob in 100. Then, each for a timed phase, every worker looks the tag up again
 * and again: with Find Blobs by Tags in the container (the tag index), and with List Blobs
 * {@code include=tags} of the whole container filtered on the client, both following NextMarker
 * to the end. A lookup is one operation; each must find exactly the blobs tagged {@code p7}, no
 * other, none twice. The listing's row gives the ratio of the two rates.
 */
public final class FindBlobsByTags implements Workload {
    static final String KEY = "project";
    static final String VALUE = "p7";
    static final String WHERE = "\"" + KEY + "\" = '" + VALUE + "'";
    private static final String PREFIX = "tagged-";

    /** What the two rows share: the loaded container and the first row's rate. */
    private static final class Shared {
        String container;
        double findRate;
    }

    private final boolean index;
    private final Shared shared;

    private FindBlobsByTags(boolean index, Shared shared) {
        this.index = index;
        this.shared = shared;
    }

    /** Find Blobs by Tags, then the filtered listing, over one load. */
    public static List<Workload> pair() {
        Shared shared = new Shared();
        return List.of(new FindBlobsByTags(true, shared), new FindBlobsByTags(false, shared));
    }

    @Override
    public String id() {
        return "B5";
    }

    static String name(long i) {
        return String.format(Locale.ROOT, PREFIX + "%08d", i);
    }

    static String tags(long i) {
        return KEY + "=p" + (i % 100);
    }

    @Override
    public void load(WorkloadContext ctx) throws IOException {
        if (shared.container != null) {
            return;
        }
        Sizes sizes = ctx.sizes();
        int n = sizes.tagBlobs();
        String name = ctx.createContainer("t");
        List<BlobRequests.Container> containers = ctx.containers(name);
        AtomicLong next = new AtomicLong();
        Duration cap = sizes.loadCap().compareTo(Duration.ofMinutes(10)) > 0 ? sizes.loadCap() : Duration.ofMinutes(10);
        long started = System.nanoTime();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            long i = next.getAndIncrement();
            return i < n ? new PutTagged(containers.get(worker), i) : null;
        }, sizes.concurrency(), cap, sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() == n, String.format(Locale.ROOT,
                "B5 load: %,d of %,d tagged blobs put in %.1f s, untimed (%,d errors%s)", r.ops(), n,
                (System.nanoTime() - started) / 1e9, r.errors(), WorkloadContext.firstError(r)));
        shared.container = name;
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) throws IOException {
        Sizes sizes = ctx.sizes();
        int n = sizes.tagBlobs();
        List<BlobRequests.Container> containers = ctx.containers(shared.container);
        // A listing of the whole container under way when the phase ends may finish, as a B3 upload may.
        PhaseResult r = ctx.phase().run((worker, random) -> new Lookup(containers.get(worker), index, n),
                sizes.concurrency(), sizes.phase(), UploadBlobs.grace(sizes).multipliedBy(2));
        String how = index ? "Find Blobs by Tags" : "List Blobs include=tags, filtered on the client,";
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(Locale.ROOT,
                "B5 every %s found exactly the %,d blobs tagged %s of %,d (%,d lookups, %,d errors%s)", how,
                n / 100, VALUE, n, r.ops(), r.errors(), WorkloadContext.firstError(r)));
        if (index) {
            shared.findRate = r.opsPerSecond();
            return WorkloadContext.rate(id(), String.format(Locale.ROOT, "find by tags, %,d blobs", n),
                    "lookups/s", r.opsPerSecond(), r);
        }
        String ratio = shared.findRate > 0 && r.opsPerSecond() > 0
                ? String.format(Locale.ROOT, ", find %.1fx", shared.findRate / r.opsPerSecond()) : "";
        return WorkloadContext.rate(id(), "list+filter" + ratio, "lookups/s", r.opsPerSecond(), r);
    }

    /** Put Blob of empty blob i with its tag: 201. */
    private static final class PutTagged implements Op {
        private final BlobRequests.Container container;
        private final long i;

        PutTagged(BlobRequests.Container container, long i) {
            this.container = container;
            this.i = i;
        }

        @Override
        public Request request() {
            return container.putTaggedBlob(name(i), tags(i));
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            if (response.status().code() != 201) {
                throw OpFailure.status("put tagged blob " + name(i), response);
            }
            return true;
        }
    }

    /** One lookup of the blobs tagged p7, page after page, checked when the last page is in. */
    static final class Lookup implements Op {
        private final BlobRequests.Container container;
        private final boolean index;
        private final int blobs;
        private final BitSet found = new BitSet();
        private String marker;
        private long listed;
        private int matched;

        Lookup(BlobRequests.Container container, boolean index, int blobs) {
            this.container = container;
            this.index = index;
            this.blobs = blobs;
        }

        @Override
        public Request request() {
            return index ? container.findBlobsByTags(WHERE, marker) : container.listBlobsWithTags(marker);
        }

        @Override
        public boolean onResponse(FullHttpResponse response) throws OpFailure {
            String what = index ? "find blobs by tags" : "list blobs";
            if (response.status().code() != 200) {
                throw OpFailure.status(what, response);
            }
            BlobPage page;
            try {
                page = BlobPage.read(response.content().toString(StandardCharsets.UTF_8), KEY);
            } catch (IllegalArgumentException e) {
                throw new OpFailure(what + ": " + e.getMessage());
            }
            for (BlobPage.Blob blob : page.blobs()) {
                listed++;
                if (index || VALUE.equals(blob.tagValue())) {
                    match(what, blob.name());
                }
            }
            marker = page.nextMarker();
            if (marker != null) {
                return false;
            }
            if (matched != blobs / 100) {
                throw new OpFailure(what + ": " + matched + " blobs tagged " + VALUE + ", not " + blobs / 100);
            }
            if (!index && listed != blobs) {
                throw new OpFailure(what + ": " + listed + " blobs listed, not " + blobs);
            }
            return true;
        }

        private void match(String what, String name) throws OpFailure {
            long i;
            try {
                i = name.startsWith(PREFIX) ? Long.parseLong(name.substring(PREFIX.length())) : -1;
            } catch (NumberFormatException e) {
                i = -1;
            }
            if (i < 0 || i >= blobs || i % 100 != 7) {
                throw new OpFailure(what + ": " + name + " is not tagged " + VALUE);
            }
            if (found.get((int) i)) {
                throw new OpFailure(what + ": " + name + " came twice");
            }
            found.set((int) i);
            matched++;
        }
    }
}
