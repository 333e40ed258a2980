package io.cerulean.tools.table;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * The rows an import could not write, one JSON object a line:
 * {@code {"line":12,"PartitionKey":"p","RowKey":"r","status":409,"code":"EntityAlreadyExists","message":"..."}}
 * ({@code PartitionKey} and {@code RowKey} are left out of a line that did not parse, whose status
 * is 400 and code {@code InvalidInput}). A resumed import appends to it and reports no line twice.
 */
final class RejectsReport implements AutoCloseable {
    private final Path file;
    private final BufferedWriter out;
    private final Set<Long> lines = new HashSet<>();

    private RejectsReport(Path file, BufferedWriter out) {
        this.file = file;
        this.out = out;
    }

    static Path beside(Path input) {
        return input.toAbsolutePath().resolveSibling(input.getFileName() + ".rejects.jsonl");
    }

    /** A new report, or the one a resumed import goes on with. */
    static RejectsReport open(Path file, boolean resumed) throws IOException {
        Set<Long> earlier = new HashSet<>();
        if (resumed && Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int start = line.indexOf("\"line\":");
                if (start >= 0) {
                    int end = start + 7;
                    while (end < line.length() && Character.isDigit(line.charAt(end))) {
                        end++;
                    }
                    earlier.add(Long.parseLong(line.substring(start + 7, end)));
                }
            }
        }
        BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, resumed ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        RejectsReport report = new RejectsReport(file, out);
        report.lines.addAll(earlier);
        return report;
    }

    Path file() {
        return file;
    }

    /** How many input lines are reported, by this run and those it resumes. */
    synchronized int count() {
        return lines.size();
    }

    /** Reports a row, written through before this returns (unless reported before). */
    synchronized void add(long line, String partitionKey, String rowKey, Rejection why) throws IOException {
        if (!lines.add(line)) {
            return;
        }
        StringBuilder json = new StringBuilder("{\"line\":").append(line);
        if (partitionKey != null) {
            json.append(",\"PartitionKey\":");
            Json.appendString(json, partitionKey);
            json.append(",\"RowKey\":");
            Json.appendString(json, rowKey);
        }
        json.append(",\"status\":").append(why.status()).append(",\"code\":");
        Json.appendString(json, why.errorCode());
        json.append(",\"message\":");
        Json.appendString(json, why.message());
        out.write(json.append("}\n").toString());
        out.flush();
    }

    /** Closes the report, removing it when it holds nothing. */
    @Override
    public synchronized void close() throws IOException {
        out.close();
        if (lines.isEmpty()) {
            Files.deleteIfExists(file);
        }
    }
}
