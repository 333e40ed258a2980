package io.cerulean.it.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromQlNamesTest {
    @Test
    void aMetricIsNamedAndFunctionsAggregationsAndLabelsAreNot() {
        assertThat(PromQlNames.of("histogram_quantile(0.99, sum by (le, service) "
                + "(rate(cerulean_requests_seconds_bucket{service=~\"$service\", operation!=\"x_total\"}"
                + "[$__rate_interval])))"))
                .containsExactly("cerulean_requests_seconds_bucket");
    }

    @Test
    void bothSidesOfABinaryOperationAreNamed() {
        assertThat(PromQlNames.of("sum(rate(a_sum[5m])) by (kind) / ignoring(kind) group_left(x) "
                + "sum without (le) (rate(b_count[1h30m] offset 5m)) > bool 1e3 and c unless on() d"))
                .containsExactly("a_sum", "b_count", "c", "d");
    }

    @Test
    void aBareNameAndANameWithMatchersAreNames() {
        assertThat(PromQlNames.of("process_cpu_usage")).containsExactly("process_cpu_usage");
        assertThat(PromQlNames.of("-sum(jvm_memory_used_bytes{area=\"heap\"}) + ${var} * .5"))
                .containsExactly("jvm_memory_used_bytes");
        assertThat(PromQlNames.of("max by (action) (max_over_time(jvm_gc_pause_seconds_max[$__rate_interval]))"))
                .containsExactly("jvm_gc_pause_seconds_max");
    }
}
