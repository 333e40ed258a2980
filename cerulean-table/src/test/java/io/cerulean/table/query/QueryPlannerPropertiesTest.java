package io.cerulean.table.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.model.Entity;
import io.cerulean.table.model.PropertyValue;
import io.cerulean.table.query.filter.ComparisonOperator;
import io.cerulean.table.query.filter.Filter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The planner's two promises, for random filters over keys and other properties: every entity the
 * filter matches lies in the plan's ranges; and when the plan has no residual filter, every entity
 * in its ranges matches.
 */
class QueryPlannerPropertiesTest {
    private static final List<String> KEYS = List.of("", "a", "aa", "ab", "b", "m", "\u00e9", "\uD83D\uDE00");

    @Property(tries = 500)
    void plansHoldEveryMatchAndResidualsAreDroppedOnlyWhenExact(@ForAll("filters") Filter filter) {
        QueryPlan plan = QueryPlanner.plan(Optional.of(filter));
        for (Entity entity : entities()) {
            boolean matches = filter.matches(entity);
            boolean read = plan.ranges().stream().anyMatch(r -> r.contains(entity.key()));
            if (matches) {
                assertThat(read).as("%s matches %s but %s does not read it", entity.key(), filter, plan.explain()).isTrue();
            }
            if (read && plan.residual().isEmpty()) {
                assertThat(matches).as("%s has no residual but reads non-matching %s", plan.explain(), entity.key())
                        .isTrue();
            }
        }
    }

    private static List<Entity> entities() {
        List<Entity> entities = new ArrayList<>();
        int i = 0;
        for (String pk : KEYS) {
            for (String rk : KEYS) {
                entities.add(new Entity(pk, rk, Instant.EPOCH, Map.of("Age", PropertyValue.ofInt32(i++ % 5))));
            }
        }
        return entities;
    }

    @Provide
    Arbitrary<Filter> filters() {
        return filter(3);
    }

    private Arbitrary<Filter> filter(int depth) {
        Arbitrary<Filter> leaf = Arbitraries.oneOf(keyComparison("PartitionKey"), keyComparison("RowKey"),
                Arbitraries.integers().between(0, 4).map(n -> new Filter.Comparison("Age", ComparisonOperator.GT,
                        PropertyValue.ofInt32(n))));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Filter> sub = Arbitraries.lazy(() -> filter(depth - 1));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, leaf),
                net.jqwik.api.Tuple.of(3, Combinators.combine(sub, sub).as(Filter.And::new)),
                net.jqwik.api.Tuple.of(2, Combinators.combine(sub, sub).as(Filter.Or::new)),
                net.jqwik.api.Tuple.of(1, sub.map(Filter.Not::new)));
    }

    private static Arbitrary<Filter> keyComparison(String property) {
        return Combinators.combine(Arbitraries.of(ComparisonOperator.class), Arbitraries.of(KEYS))
                .as((op, key) -> new Filter.Comparison(property, op, PropertyValue.ofString(key)));
    }

}
