package io.cerulean.tools.table;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.tools.ToolExit;
import io.cerulean.tools.endpoint.EndpointOptions;
import io.cerulean.tools.progress.Progress;
import io.cerulean.tools.progress.ProgressStyle;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cerulean export TABLE}: the table's entities, in PartitionKey and RowKey order as the
 * service returns them, as JSON Lines or typed CSV, to a file or standard output; progress on
 * standard error.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Writes a table's entities to a file or standard output, as JSON Lines (every EDM type kept) or typed CSV.")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TABLE", arity = "0..1",
            description = "the table (default: the one a SAS URL names)")
    String table;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "where to write (default: standard output)")
    Path output;

    @Option(names = "--format", paramLabel = "jsonl|csv", converter = FormatConverter.class,
            description = "jsonl or csv (default: from the output's name, else jsonl)")
    TableFormat format;

    @Option(names = "--filter", paramLabel = "ODATA", description = "an OData filter, as Query Entities takes it")
    String filter;

    @Option(names = "--select", paramLabel = "A,B", split = ",", description = "only these properties (and the keys)")
    List<String> select;

    @Option(names = "--no-timestamp", description = "leave out each entity's Timestamp (set by the service on import)")
    boolean noTimestamp;

    @Option(names = {"-q", "--quiet"}, description = "no progress, only the outcome")
    boolean quiet;

    @Mixin
    EndpointOptions endpointOptions;

    @Override
    public Integer call() {
        TableClient client;
        String name;
        try {
            var endpoint = endpointOptions.endpoint();
            name = table != null ? table : endpoint.resource().orElseThrow(
                    () -> new IllegalArgumentException("name the TABLE to export"));
            client = endpoint.tables().getTableClient(name);
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        TableFormat chosen = TableFormat.of(format, output);
        ListEntitiesOptions options = new ListEntitiesOptions().setFilter(filter);
        if (select != null && !select.isEmpty()) {
            Set<String> columns = new java.util.LinkedHashSet<>(List.of("PartitionKey", "RowKey"));
            if (!noTimestamp) {
                columns.add("Timestamp");
            }
            columns.addAll(select);
            options.setSelect(new ArrayList<>(columns));
        }
        var err = spec.commandLine().getErr();
        try (Progress progress = new Progress("export " + name, "entities", err, ProgressStyle.choose(quiet))) {
            Path temporary = output == null ? null : output.toAbsolutePath().resolveSibling(
                    output.getFileName() + ".partial");
            try {
                try (Writer out = output == null ? unclosed(spec.commandLine().getOut())
                        : Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                    if (chosen == TableFormat.JSONL) {
                        for (TableEntity entity : client.listEntities(options, null, null)) {
                            writeLine(out, JsonLines.encode(entity, !noTimestamp), progress);
                        }
                    } else {
                        writeCsv(client, options, out, progress);
                    }
                    out.flush();
                }
                if (temporary != null) {
                    Files.move(temporary, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
            } catch (IOException e) {
                progress.finish("");
                err.println("cerulean export: cannot write " + (output == null ? "standard output" : output) + ": " + e.getMessage());
                return ToolExit.BAD_INPUT;
            } catch (RuntimeException e) {
                deleteQuietly(temporary);
                ServiceFailure failure = ServiceFailure.of(e, name);
                progress.finish("");
                err.println("cerulean export: " + failure.message());
                return failure.exitCode();
            }
            progress.finish("exported " + String.format(java.util.Locale.ROOT, "%,d", progress.items())
                    + " entities of " + name + (output == null ? "" : " to " + output));
        }
        return ToolExit.OK;
    }

    private static void writeLine(Writer out, String line, Progress progress) throws IOException {
        out.write(line);
        out.write('\n');
        progress.add(1, line.length() + 1);
    }

    /**
     * CSV's header names every property of every entity, known only at the end: the entities are
     * spooled to a JSON Lines file first, then written under the header.
     */
    private void writeCsv(TableClient client, ListEntitiesOptions options, Writer out, Progress progress) throws IOException {
        Path spool = Files.createTempFile("cerulean-export", ".jsonl");
        try {
            Set<String> names = new TreeSet<>();
            try (Writer spooled = Files.newBufferedWriter(spool, StandardCharsets.UTF_8)) {
                for (TableEntity entity : client.listEntities(options, null, null)) {
                    String line = JsonLines.encode(entity, true);
                    entity.getProperties().forEach((property, value) -> {
                        if (value != null && !Arrays.asList("PartitionKey", "RowKey", "Timestamp").contains(property)
                                && !property.startsWith("odata.") && !property.endsWith("@odata.type")) {
                            names.add(property);
                        }
                    });
                    spooled.write(line);
                    spooled.write('\n');
                }
            }
            CsvTable csv = new CsvTable(new ArrayList<>(names), !noTimestamp);
            StringBuilder record = new StringBuilder();
            Csv.appendRecord(record, csv.header());
            out.write(record.toString());
            try (BufferedReader in = Files.newBufferedReader(spool, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    record.setLength(0);
                    Csv.appendRecord(record, csv.record(JsonLines.decodeWithTimestamp(line)));
                    out.write(record.toString());
                    progress.add(1, record.length());
                }
            } catch (MalformedRowException e) {
                throw new IllegalStateException("the spooled export does not read back: " + e.getMessage(), e);
            }
        } finally {
            Files.deleteIfExists(spool);
        }
    }

    /** Standard output, flushed but left open at the end. */
    private static Writer unclosed(Writer out) {
        return new java.io.FilterWriter(out) {
            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }

    private int usage(String message) {
        spec.commandLine().getErr().println("cerulean export: " + message);
        spec.commandLine().getErr().flush();
        return ToolExit.BAD_USAGE;
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // Left behind: a .partial file, named as such.
            }
        }
    }
}
