package io.cerulean.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The report as CSV (RFC 4180), one row per workload. Rows are appended to an existing file so
 * that runs against several servers, told apart by their label, collect in one sheet; the header
 * is written only into a new or empty file. Numbers use '.' and no grouping; an unknown figure is
 * an empty field.
 */
public final class CsvReport {
    public static final String HEADER =
            "label,workload,unit,value,p50_ms,p99_ms,ops,errors,server_rss_mb,server_cpu_s";

    private CsvReport() {
    }

    public static void append(Path file, String label, List<WorkloadResult> results) throws IOException {
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        StringBuilder csv = new StringBuilder();
        if (fresh) {
            csv.append(HEADER).append("\r\n");
        }
        for (WorkloadResult r : results) {
            csv.append(row(label, r)).append("\r\n");
        }
        Files.writeString(file, csv, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    static String row(String label, WorkloadResult r) {
        return String.join(",", field(label), field(r.id()), field(r.unit()), number(r.value()),
                number(r.p50Millis()), number(r.p99Millis()), Long.toString(r.ops()), Long.toString(r.errors()),
                number(r.serverRssMb()), number(r.serverCpuSeconds()));
    }

    /** A text field, quoted when it holds a comma, a quote or a line break; quotes doubled. */
    static String field(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }

    static String number(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String number(OptionalDouble value) {
        return value.isPresent() ? number(value.getAsDouble()) : "";
    }
}
