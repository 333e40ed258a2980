package io.cerulean.bench.workload;

import io.cerulean.bench.client.PageReader;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.OpFailure;
import io.cerulean.bench.run.PhaseResult;

/** W4: a RowKey range within one partition that holds exactly 100 rows, at a random place. */
public final class RangeQueries implements Workload {
    @Override
    public String id() {
        return "W4";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) {
        Sizes sizes = ctx.sizes();
        BigData data = ctx.big();
        boolean exact = data.complete();
        int rows = sizes.rangeRows();
        PhaseResult r = ctx.phase().run((worker, random) -> {
            int partition = random.nextInt(sizes.bigPartitions());
            int start = random.nextInt(sizes.rowsPerBigPartition() - rows + 1);
            String filter = "PartitionKey eq '" + EntityFactory.partitionKey(EntityFactory.BIG, partition)
                    + "' and RowKey ge '" + EntityFactory.rowKey(start) + "' and RowKey lt '"
                    + EntityFactory.rowKey(start + rows) + "'";
            return new QueryOp(ctx.bigTable(worker), QueryOp.query(filter, 0), new PageReader(), pages -> {
                if (pages.outOfOrder() > 0) {
                    throw new OpFailure("range query: " + pages.outOfOrder() + " rows out of key order");
                }
                if (exact && pages.rows() != rows) {
                    throw new OpFailure("range query: " + pages.rows() + " rows, want " + rows + " (" + filter + ")");
                }
            });
        }, sizes.concurrency(), sizes.phase(), sizes.grace());
        ctx.checks().check(r.errors() == 0 && r.ops() > 0, String.format(
                "W4 every range query returned %s %d rows in key order (%,d queries, %,d errors%s)",
                exact ? "exactly" : "at most", rows, r.ops(), r.errors(), WorkloadContext.firstError(r)));
        return WorkloadContext.rate(id(), "range query, " + rows + " rows", "queries/s", r.opsPerSecond(), r);
    }
}
