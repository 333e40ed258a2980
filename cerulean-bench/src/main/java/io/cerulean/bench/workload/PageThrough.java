package io.cerulean.bench.workload;

import io.cerulean.bench.client.PageReader;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.PhaseResult;
import java.time.Duration;

/** W8: the whole data set in pages of {@code $top=1000}, one stream, as an export would read it. */
public final class PageThrough implements Workload {
    @Override
    public String id() {
        return "W8";
    }

    @Override
    public WorkloadResult run(WorkloadContext ctx) {
        BigData data = ctx.big();
        int top = ctx.sizes().pageTop();
        PageReader pages = new PageReader();
        PhaseResult r = ctx.phase().run(new OneStream(new QueryOp(ctx.bigTable(), QueryOp.query(null, top), pages,
                done -> { })), 1, ctx.sizes().scanCap(), Duration.ZERO);
        long minimumPages = (data.loaded() + top - 1) / top;
        ctx.checks().check(r.errors() == 0 && !r.incomplete() && pages.rows() == data.loaded()
                && pages.outOfOrder() == 0 && pages.largestPage() <= top && pages.pages() >= minimumPages,
                String.format("W8 paging with $top=%d returned all %,d rows once, in key order, no page over %d "
                        + "(got %,d rows in %,d pages, largest %,d, %,d out of order, %s%s%s)", top, data.loaded(), top,
                        pages.rows(), pages.pages(), pages.largestPage(), pages.outOfOrder(), pages.keySpan(),
                        r.incomplete() ? ", stopped at the scan cap of " + ctx.sizes().scanCap().toSeconds() + " s"
                                : "", WorkloadContext.firstError(r)));
        return WorkloadContext.duration(id(), "page through, $top=" + top, r);
    }
}
