package io.cerulean.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ResultTableTest {
    private static WorkloadResult result(String id, String unit, double value, double p50) {
        return new WorkloadResult(id, "title of " + id, unit, value, p50, p50 * 3, 246_900, 0, OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty());
    }

    @Test
    void figuresAreGroupedAndScaled() {
        assertThat(ResultTable.figure(result("W1", "ops/s", 12345.4, 1))).isEqualTo("12,345 ops/s");
        assertThat(ResultTable.figure(result("W5", "queries/s", 5.14, 1))).isEqualTo("5.1 queries/s");
        assertThat(ResultTable.figure(result("W6", "s", 0.4249, 1))).isEqualTo("0.42 s");
        assertThat(ResultTable.figure(result("W6", "s", 0.0071, 1))).isEqualTo("0.007 s");
        assertThat(ResultTable.millis(1.234)).isEqualTo("1.23 ms");
        assertThat(ResultTable.millis(45.67)).isEqualTo("45.7 ms");
        assertThat(ResultTable.millis(1204.2)).isEqualTo("1,204 ms");
        assertThat(ResultTable.millis(Double.NaN)).isEqualTo("-");
    }

    @Test
    void columnsLineUpWhateverTheFigures() {
        List<String> lines = ResultTable.lines(List.of(result("W1", "ops/s", 12345, 1.2),
                result("W3", "entities/s", 2.5, 812.5), result("W6", "s", 0.42, 0.5)));
        assertThat(lines).hasSize(4);
        int p50End = lines.get(0).indexOf("p50") + 3;
        for (String line : lines.subList(1, lines.size())) {
            assertThat(line.substring(p50End - 2, p50End)).isEqualTo("ms");
            assertThat(line).hasSize(lines.get(0).length());
        }
        assertThat(lines.get(1)).startsWith("W1 title of W1").contains("12,345 ops/s").contains("246,900");
    }

    @Test
    void theCpuColumnsAppearWhenTheServerIsMeasured() {
        WorkloadResult measured = result("W2", "ops/s", 10, 1).withUsage(OptionalDouble.of(200),
                OptionalDouble.of(12.34), OptionalDouble.of(3.21));
        List<String> lines = ResultTable.lines(List.of(measured));
        assertThat(lines.get(0)).endsWith("server cpu  client cpu");
        assertThat(lines.get(1)).endsWith("12.3 s       3.2 s");
    }
}
