package io.cerulean.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReportTest {
    @TempDir
    Path dir;

    private static WorkloadResult w1() {
        return new WorkloadResult("W1", "insert 1 KB entity", "ops/s", 12345.678, 1.25, 4.5, 246_900, 0,
                OptionalDouble.of(180.5), OptionalDouble.of(31.25), OptionalDouble.of(7.5));
    }

    private static WorkloadResult w6() {
        return new WorkloadResult("W6", "table scan, Age eq 42", "s", 0.42, Double.NaN, Double.NaN, 0, 1,
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty());
    }

    @Test
    void aNewFileGetsTheHeaderThenOneRowPerWorkload() throws IOException {
        Path csv = dir.resolve("bench.csv");
        CsvReport.append(csv, "cerulean", List.of(w1(), w6()));
        assertThat(Files.readAllLines(csv)).containsExactly(
                "label,workload,unit,value,p50_ms,p99_ms,ops,errors,server_rss_mb,server_cpu_s",
                "cerulean,W1,ops/s,12345.678,1.250,4.500,246900,0,180.500,31.250",
                "cerulean,W6,s,0.420,,,0,1,,");
    }

    @Test
    void laterRunsAppendWithoutASecondHeader() throws IOException {
        Path csv = dir.resolve("bench.csv");
        CsvReport.append(csv, "cerulean", List.of(w1()));
        CsvReport.append(csv, "azurite", List.of(w1()));
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).startsWith("azurite,W1,");
    }

    @Test
    void labelsWithCommasOrQuotesAreQuoted() {
        assertThat(CsvReport.field("plain")).isEqualTo("plain");
        assertThat(CsvReport.field("rocksdb, 2 cores")).isEqualTo("\"rocksdb, 2 cores\"");
        assertThat(CsvReport.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReport.row("a,b", w6())).startsWith("\"a,b\",W6,s,");
    }
}
