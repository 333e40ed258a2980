package io.cerulean.bench.workload;

import io.cerulean.bench.client.PageReader;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import java.time.Duration;

/**
 * W6: {@code Age eq 42} over the whole data set, one stream, following continuations to the
 * end: no key narrows it, so the server reads every row and returns about 1 %. The figure is the
 * time it took; latency is per page.
 */
public final class TableScan implements Workload {
    static final int AGE = 42;

    @Override
    public String id() {
        return "W6";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) {
        BigData data = ctx.big();
        PageReader pages = new PageReader(AGE);
        PhaseResult r = ctx.phase().run(new OneStream(new QueryOp(ctx.bigTable(), QueryOp.query("Age eq " + AGE, 0),
                pages, done -> { })), 1, ctx.sizes().scanCap(), Duration.ZERO);
        long expected = data.ageFortyTwo();
        ctx.checks().check(r.errors() == 0 && !r.incomplete() && pages.rows() == expected && pages.outOfOrder() == 0
                && pages.wrongAge() == 0, String.format("W6 table scan found all %,d rows with Age eq %d among %,d "
                        + "(found %,d over %,d pages, %,d out of order, %,d with another Age%s%s)", expected, AGE,
                data.loaded(), pages.rows(), pages.pages(), pages.outOfOrder(), pages.wrongAge(),
                r.incomplete() ? ", stopped at the scan cap of " + ctx.sizes().scanCap().toSeconds() + " s" : "",
                WorkloadContext.firstError(r)));
        return WorkloadContext.duration(id(), "table scan, Age eq " + AGE, r);
    }
}
