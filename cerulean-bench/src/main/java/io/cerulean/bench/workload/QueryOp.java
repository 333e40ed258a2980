package io.cerulean.bench.workload;

import io.cerulean.bench.client.Continuation;
import io.cerulean.bench.client.Keys;
import io.cerulean.bench.client.PageReader;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpFailure;
import io.netty.handler.codec.http.FullHttpResponse;
import java.io.IOException;

/** A query followed through its continuations to the end, every page read by one {@link PageReader}. */
final class QueryOp implements Op {
    /** Judges a finished query; throws to count it as an error. */
    interface Verdict {
        void judge(PageReader pages) throws OpFailure;
    }

    private final TableRequests.Table table;
    private final String query;
    private final PageReader pages;
    private final Verdict verdict;
    private Continuation next;

    QueryOp(TableRequests.Table table, String query, PageReader pages, Verdict verdict) {
        this.table = table;
        this.query = query;
        this.pages = pages;
        this.verdict = verdict;
    }

    /** "$filter=...&$top=..." with the filter encoded; either part may be absent. */
    static String query(String filter, int top) {
        String f = filter == null ? "" : "$filter=" + Keys.component(filter);
        String t = top <= 0 ? "" : "$top=" + top;
        return f.isEmpty() ? t : t.isEmpty() ? f : f + "&" + t;
    }

    @Override
    public Request request() {
        if (next == null) {
            return table.query(query);
        }
        return table.query(query.isEmpty() ? next.queryParameters() : query + "&" + next.queryParameters());
    }

    @Override
    public boolean onResponse(FullHttpResponse response) throws OpFailure {
        if (response.status().code() != 200) {
            throw OpFailure.status("query", response);
        }
        try {
            pages.read(response.content());
        } catch (IOException e) {
            throw new OpFailure("query: unreadable page: " + e.getMessage());
        }
        next = Continuation.of(response.headers()).orElse(null);
        if (next != null) {
            return false;
        }
        verdict.judge(pages);
        return true;
    }

    @Override
    public long items() {
        return pages.rows();
    }
}
