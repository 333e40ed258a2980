package io.cerulean.bench.workload;

import io.cerulean.bench.client.PageReader;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;

/**
 * W5: {@code PartitionKey eq X and Age gt 30} over one whole partition of the data set, following
 * continuations: the server reads every row of the partition and returns about 69 % of them.
 */
public final class PartitionScans implements Workload {
    @Override
    public String id() {
        return "W5";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) {
        Sizes sizes = ctx.sizes();
        BigData data = ctx.big();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            int partition = random.nextInt(sizes.bigPartitions());
            String filter = "PartitionKey eq '" + EntityFactory.partitionKey(EntityFactory.BIG, partition)
                    + "' and Age gt 30";
            long expected = data.overThirty(partition);
            return new QueryOp(ctx.bigTable(worker), QueryOp.query(filter, 0), new PageReader(), page -> {
                if (page.rows() != expected || page.outOfOrder() > 0) {
                    throw new OpFailure("partition scan: " + page.rows() + " rows (want " + expected + "), "
                            + page.outOfOrder() + " out of order, over " + page.pages() + " pages (" + filter + ")");
                }
            });
        }, sizes.concurrency(), sizes.phase(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "W5 every partition scan returned the expected rows in key order across pages "
                        + "(%,d scans, %.1f pages each, %,d errors%s)", r.ops(),
                r.requestLatency().count() / (double) Math.max(1, r.ops() + r.errors()), r.errors(), WorkloadContext.firstError(r)));
        return WorkloadContext.rate(id(), "partition scan, Age gt 30", "queries/s", r.opsPerSecond(), r);
    }
}
