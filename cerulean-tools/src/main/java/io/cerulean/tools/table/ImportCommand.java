package io.cerulean.tools.table;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.core.exception.HttpResponseException;
import io.cerulean.tools.ToolExit;
import io.cerulean.tools.endpoint.EndpointOptions;
import io.cerulean.tools.progress.Progress;
import io.cerulean.tools.progress.ProgressStyle;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cerulean import TABLE FILE}: the entities of a JSON Lines or CSV file written to a table in
 * entity group transactions ({@link TableWriter}), the rows it refuses reported
 * ({@link RejectsReport}), resumable after an interruption ({@link ImportJournal}).
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Writes the entities of a JSON Lines or CSV file to a table, in batches by partition; resumable.")
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TABLE", description = "the table")
    String table;

    @Parameters(index = "1", paramLabel = "FILE", description = "the entities, as cerulean export or Storage Explorer writes them")
    Path input;

    @Option(names = "--format", paramLabel = "jsonl|csv", converter = FormatConverter.class,
            description = "jsonl or csv (default: from the file's name, else jsonl)")
    TableFormat format;

    @Option(names = "--mode", paramLabel = "insert|merge|replace", converter = ModeConverter.class,
            description = "insert (a row that exists is rejected), merge (insert or merge) or replace (insert or replace); default insert")
    WriteMode mode = WriteMode.INSERT;

    @Option(names = "--parallel", paramLabel = "N", description = "batches in flight at once (default 4)")
    int parallel = 4;

    @Option(names = "--create-table", description = "create the table if it does not exist")
    boolean createTable;

    @Option(names = "--rejects", paramLabel = "FILE", description = "the rejects report (default: FILE.rejects.jsonl)")
    Path rejectsFile;

    @Option(names = {"-q", "--quiet"}, description = "no progress, only the outcome")
    boolean quiet;

    /** Stops reading after this many settled batches, as an interruption would: for tests of resuming. */
    @Option(names = "--stop-after-batches", hidden = true)
    int stopAfterBatches;

    @Mixin
    EndpointOptions endpointOptions;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (parallel < 1 || parallel > 64) {
            return fail(ToolExit.BAD_USAGE, "--parallel takes 1 to 64");
        }
        if (!Files.isReadable(input) || Files.isDirectory(input)) {
            return fail(ToolExit.BAD_INPUT, "cannot read " + input);
        }
        TableClient client;
        try {
            client = endpointOptions.endpoint().tables().getTableClient(table);
        } catch (IllegalArgumentException e) {
            return fail(ToolExit.BAD_USAGE, e.getMessage());
        }
        TableFormat chosen = TableFormat.of(format, input);
        Integer unusable = ensureTable(client);
        if (unusable != null) {
            return unusable;
        }
        String identity = table + " " + mode.name().toLowerCase(Locale.ROOT) + " " + chosen.name().toLowerCase(Locale.ROOT);
        Path rejectsPath = rejectsFile != null ? rejectsFile : RejectsReport.beside(input);
        try (ImportJournal journal = ImportJournal.open(ImportJournal.beside(input), identity);
             RejectsReport rejects = RejectsReport.open(rejectsPath, journal.resumed());
             BufferedReader reader = Files.newBufferedReader(input, StandardCharsets.UTF_8);
             Progress progress = new Progress("import " + table, "entities", err, ProgressStyle.choose(quiet))) {
            if (journal.resumed()) {
                err.println("resuming the import of " + input + " into " + table + ": "
                        + journal.settledLines() + " input lines were settled before");
                err.flush();
            }
            progress.expect(OptionalLong.empty(), OptionalLong.of(Files.size(input)));
            return run(client, journal, rejects, RowSource.of(chosen, reader), progress);
        } catch (IllegalStateException e) {
            return fail(ToolExit.BAD_USAGE, e.getMessage());
        } catch (MalformedRowException e) {
            return fail(ToolExit.BAD_INPUT, input + ": " + e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            return fail(ToolExit.BAD_INPUT, "cannot read or write beside " + input + ": " + e.getMessage());
        }
    }

    private int run(TableClient client, ImportJournal journal, RejectsReport rejects, RowSource source,
            Progress progress) throws IOException {
        AtomicInteger settledBatches = new AtomicInteger();
        TableWriter.Listener listener = new TableWriter.Listener() {
            @Override
            public void rejected(Row row, Rejection why) {
                report(rejects, row.position(), row.partitionKey(), row.rowKey(), why);
                progress.failed(1);
            }

            @Override
            public void settled(Settled batch) {
                try {
                    journal.settled(batch.firstPosition(), batch.lastPosition());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                progress.add(batch.written().size(), 0);
                settledBatches.incrementAndGet();
            }
        };
        boolean interrupted = false;
        try (TableWriter writer = new TableWriter(client, mode, parallel, listener)) {
            for (RowSource.SourceRow row = source.next(journal::settled); row != null; row = source.next(journal::settled)) {
                progress.add(0, row.chars());
                if (row.skipped()) {
                    continue;
                }
                if (row.error() != null) {
                    report(rejects, row.line(), null, null, new Rejection(400, "InvalidInput", row.error()));
                    progress.failed(1);
                    continue;
                }
                writer.write(row.entity(), row.line());
                if (stopAfterBatches > 0 && settledBatches.get() >= stopAfterBatches) {
                    interrupted = true;
                    break;
                }
            }
            if (!interrupted) {
                writer.flush();
            }
        } catch (TableWriter.Failed e) {
            ServiceFailure failure = ServiceFailure.of(e, table);
            boolean refused = failure.exitCode() == ToolExit.UNREACHABLE && settledBatches.get() == 0
                    && !journal.resumed();
            progress.finish(summary(progress, rejects));
            if (refused) {
                return fail(failure.exitCode(), failure.message());
            }
            return fail(ToolExit.INCOMPLETE, failure.message() + "; run the same command again to resume");
        }
        progress.finish(summary(progress, rejects));
        if (interrupted) {
            return fail(ToolExit.INCOMPLETE, "stopped after " + settledBatches.get()
                    + " batches; run the same command again to resume");
        }
        journal.complete();
        return rejects.count() > 0 ? ToolExit.SOME_FAILED : ToolExit.OK;
    }

    private String summary(Progress progress, RejectsReport rejects) {
        String line = String.format(Locale.ROOT, "imported %,d entities into %s, %,d rejected", progress.items(),
                table, rejects.count());
        return rejects.count() > 0 ? line + " (see " + rejects.file() + ")" : line;
    }

    private static void report(RejectsReport rejects, long line, String partitionKey, String rowKey, Rejection why) {
        try {
            rejects.add(line, partitionKey, rowKey, why);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Null when the table is there to write to (created if asked), else the exit code, reported. */
    private Integer ensureTable(TableClient client) {
        try {
            client.listEntities(new ListEntitiesOptions().setTop(1).setSelect(List.of("PartitionKey")), null, null)
                    .iterableByPage().iterator().next();
            return null;
        } catch (RuntimeException e) {
            HttpResponseException answer = ServiceErrors.answer(e);
            if (answer == null || !"TableNotFound".equals(ServiceErrors.code(answer))) {
                ServiceFailure failure = ServiceFailure.of(e, table);
                return fail(failure.exitCode(), failure.message());
            }
        }
        if (!createTable) {
            return fail(ToolExit.BAD_USAGE, "table " + table + " does not exist (--create-table creates it)");
        }
        try {
            client.createTable();
            return null;
        } catch (RuntimeException e) {
            HttpResponseException answer = ServiceErrors.answer(e);
            if (answer != null && "TableAlreadyExists".equals(ServiceErrors.code(answer))) {
                return null;
            }
            ServiceFailure failure = ServiceFailure.of(e, table);
            return fail(failure.exitCode(), failure.message());
        }
    }

    private int fail(int exitCode, String message) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("cerulean import: " + message);
        err.flush();
        return exitCode;
    }
}
