package io.cerulean.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** The report as an aligned text table, one row per workload, for people to read. */
public final class ResultTable {
    private static final String ROW = "%-34s %22s %10s %10s %10s %8s";

    private ResultTable() {
    }

    /**
     * Header and rows; "server cpu" and "client cpu" columns are added when any row has the
     * server's CPU time, so that the two can be compared on a shared machine.
     */
    public static List<String> lines(List<WorkloadResult> results) {
        boolean cpu = results.stream().anyMatch(r -> r.serverCpuSeconds().isPresent());
        List<String> lines = new ArrayList<>();
        lines.add(header(cpu));
        for (WorkloadResult r : results) {
            lines.add(row(r, cpu));
        }
        return lines;
    }

    /** The column titles, with the CPU columns when the server's CPU is measured. */
    public static String header(boolean serverCpu) {
        return String.format(Locale.ROOT, ROW, "workload", "result", "p50", "p99", "ops", "errors")
                + (serverCpu ? String.format(Locale.ROOT, " %11s %11s", "server cpu", "client cpu") : "");
    }

    /** One workload's line, printed as soon as it is done so that long runs show progress. */
    public static String row(WorkloadResult r, boolean serverCpu) {
        String line = String.format(Locale.ROOT, ROW, r.id() + " " + r.title(), figure(r), millis(r.p50Millis()),
                millis(r.p99Millis()), count(r.ops()), count(r.errors()));
        if (serverCpu) {
            line += String.format(Locale.ROOT, " %11s %11s", seconds(r.serverCpuSeconds()),
                    seconds(r.clientCpuSeconds()));
        }
        return line;
    }

    /** "12,345 ops/s", "5.1 queries/s", "0.42 s", "0.007 s". */
    public static String figure(WorkloadResult r) {
        if (r.isDuration()) {
            return String.format(Locale.ROOT, r.value() < 0.1 ? "%.3f s" : "%.2f s", r.value());
        }
        String pattern = r.value() >= 100 ? "%,.0f %s" : "%,.1f %s";
        return String.format(Locale.ROOT, pattern, r.value(), r.unit());
    }

    /** "0.84 ms", "12.3 ms", "1,204 ms", or "-" when nothing was measured. */
    public static String millis(double ms) {
        if (Double.isNaN(ms)) {
            return "-";
        }
        String pattern = ms < 10 ? "%.2f ms" : ms < 100 ? "%.1f ms" : "%,.0f ms";
        return String.format(Locale.ROOT, pattern, ms);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String seconds(OptionalDouble s) {
        return s.isPresent() ? String.format(Locale.ROOT, "%.1f s", s.getAsDouble()) : "-";
    }
}
