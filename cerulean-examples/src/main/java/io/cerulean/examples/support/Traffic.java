package io.cerulean.examples.support;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelineSyncPolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * What an example's requests cost, as Cerulean reports it: a pipeline policy added to a client,
 * counting requests and reading each query page's {@code x-cerulean-query-plan},
 * {@code x-cerulean-entities-read} and {@code x-cerulean-entities-returned}. Against another
 * endpoint (Azurite, Azure) the requests are counted and the rest stays empty. Thread-safe.
 */
public final class Traffic extends HttpPipelineSyncPolicy {
    private static final HttpHeaderName PLAN = HttpHeaderName.fromString("x-cerulean-query-plan");
    private static final HttpHeaderName READ = HttpHeaderName.fromString("x-cerulean-entities-read");
    private static final HttpHeaderName RETURNED = HttpHeaderName.fromString("x-cerulean-entities-returned");

    private int requests;
    private final List<QueryPage> pages = new ArrayList<>();

    /** One page of a query: how Cerulean ran it, and the entities it read and returned. */
    public record QueryPage(String plan, long read, long returned) {
        /** The query class: POINT, POINT_SET, RANGE, PARTITION_SCAN, PARTITION_RANGE or TABLE_SCAN. */
        public String queryClass() {
            int end = 0;
            while (end < plan.length() && (Character.isUpperCase(plan.charAt(end)) || plan.charAt(end) == '_')) {
                end++;
            }
            return plan.substring(0, end);
        }
    }

    /** What the requests sent while a step ran cost. */
    public record Cost(int requests, List<QueryPage> pages) {
        public Cost {
            pages = List.copyOf(pages);
        }

        public long entitiesRead() {
            return pages.stream().mapToLong(QueryPage::read).sum();
        }

        public long entitiesReturned() {
            return pages.stream().mapToLong(QueryPage::returned).sum();
        }

        /** The query classes of the pages, in order, without repeats. */
        public List<String> queryClasses() {
            return pages.stream().map(QueryPage::queryClass).distinct().toList();
        }

        @Override
        public String toString() {
            String queries = pages.isEmpty() ? "" : ", " + String.join(" + ", queryClasses()) + ", entities read "
                    + entitiesRead() + ", returned " + entitiesReturned();
            return requests + (requests == 1 ? " request" : " requests") + queries;
        }
    }

    /** A step whose cost is measured. */
    @FunctionalInterface
    public interface Step<T> {
        T run();
    }

    /** A measured step's answer and what it cost. */
    public record Measured<T>(T value, Cost cost) {
    }

    /** Runs {@code step} and answers what its requests cost; steps measured at once count each other's. */
    public <T> Measured<T> measure(Step<T> step) {
        int requestsBefore;
        int pagesBefore;
        synchronized (this) {
            requestsBefore = requests;
            pagesBefore = pages.size();
        }
        T value = step.run();
        synchronized (this) {
            return new Measured<>(value, new Cost(requests - requestsBefore, pages.subList(pagesBefore, pages.size())));
        }
    }

    @Override
    protected synchronized HttpResponse afterReceivedResponse(HttpPipelineCallContext context, HttpResponse response) {
        requests++;
        String plan = response.getHeaderValue(PLAN);
        if (plan != null) {
            pages.add(new QueryPage(plan, number(response.getHeaderValue(READ)),
                    number(response.getHeaderValue(RETURNED))));
        }
        return response;
    }

    private static long number(String value) {
        return value == null ? 0 : Long.parseLong(value.trim());
    }
}
