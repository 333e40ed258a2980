package io.cerulean.table.rest.metrics;

import io.cerulean.table.query.PageEnd;
import io.cerulean.table.query.QueryPlan.QueryClass;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;

/**
 * How queries run, as counters per query class: pages served, entities read from storage, and
 * entities returned. Read against returned shows what each class costs; table scans stand out.
 */
public final class QueryMetrics {
    private final Map<QueryClass, Counter> pages = new EnumMap<>(QueryClass.class);
    private final Map<QueryClass, Counter> read = new EnumMap<>(QueryClass.class);
    private final Map<QueryClass, Counter> returned = new EnumMap<>(QueryClass.class);

    public QueryMetrics(MeterRegistry registry) {
        for (QueryClass queryClass : QueryClass.values()) {
            String tag = queryClass.name();
            pages.put(queryClass, Counter.builder("cerulean.query.pages").tag("query_class", tag)
                    .description("Query Entities pages served").register(registry));
            read.put(queryClass, Counter.builder("cerulean.query.entities.read").tag("query_class", tag)
                    .description("Entities read from storage to answer queries").register(registry));
            returned.put(queryClass, Counter.builder("cerulean.query.entities.returned").tag("query_class", tag)
                    .description("Entities returned by queries").register(registry));
        }
    }

    public void record(PageEnd page) {
        QueryClass queryClass = page.plan().queryClass();
        pages.get(queryClass).increment();
        read.get(queryClass).increment(page.entitiesRead());
        returned.get(queryClass).increment(page.entitiesReturned());
    }
}
