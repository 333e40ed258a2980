package io.cerulean.tools.copy;

import io.cerulean.tools.ToolExit;
import io.cerulean.tools.endpoint.StorageEndpoint;
import io.cerulean.tools.progress.Progress;
import io.cerulean.tools.progress.ProgressStyle;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code cerulean copy SOURCE DEST}: tables, queues, containers or whole accounts, from one endpoint to another. */
@Command(name = "copy", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Copies a table, a queue, a container or every one of them from SOURCE to DEST.",
                "SOURCE and DEST are each a connection string, a URL carrying a SAS, or env:NAME for one held in the",
                "environment variable NAME (env: alone: $" + StorageEndpoint.CONNECTION_STRING_VARIABLE + "), which keeps",
                "keys off the command line. A SAS URL that names a resource names what is copied."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:everything was copied", "1:some items failed (each named on standard error)",
                "2:an endpoint could not be reached or refused the credentials", "4:bad usage"})
public final class CopyCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "connection string, SAS URL, or env:[NAME]")
    String source;

    @Parameters(index = "1", paramLabel = "DEST", description = "connection string, SAS URL, or env:[NAME]")
    String destination;

    @Option(names = "--table", arity = "0..1", fallbackValue = "", paramLabel = "NAME",
            description = "copy this table (alone: the one SOURCE's SAS URL names)")
    String table;

    @Option(names = "--queue", arity = "0..1", fallbackValue = "", paramLabel = "NAME",
            description = "copy this queue (alone: the one SOURCE's SAS URL names)")
    String queue;

    @Option(names = "--container", arity = "0..1", fallbackValue = "", paramLabel = "NAME",
            description = "copy this container (alone: the one SOURCE's SAS URL names)")
    String container;

    @Option(names = "--all", description = "copy every table, queue and container of SOURCE (of its one service, for a SAS URL)")
    boolean all;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "replace",
            description = "how entities meet a table that has them: replace (InsertOrReplace, the default), merge (InsertOrMerge), insert (an entity there already is refused and reported)")
    TableCopy.Mode mode;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "8",
            description = "items, and parts of an item (blocks, page ranges, entity batches), copied at once (default: ${DEFAULT-VALUE})")
    int parallel;

    @Option(names = "--quiet", description = "no progress, only the summary and the failures")
    boolean quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Endpoints endpoints;
        List<CopyItem> work;
        try {
            if (parallel < 1 || parallel > 256) {
                throw new IllegalArgumentException("--parallel takes 1 to 256, not " + parallel);
            }
            endpoints = new Endpoints(Endpoints.read(source, "SOURCE"), Endpoints.read(destination, "DEST"));
            work = plan(endpoints);
        } catch (IllegalArgumentException e) {
            err.println("cerulean copy: " + e.getMessage());
            err.println("Try 'cerulean copy --help'.");
            err.flush();
            return ToolExit.BAD_USAGE;
        }
        PrintStream progressOut = new PrintStream(new WriterOutputStream(err), true, StandardCharsets.UTF_8);
        Progress progress = new Progress("copy", "items", progressOut, ProgressStyle.choose(quiet));
        try (CopyRun run = new CopyRun(parallel, progress, err)) {
            if (work == null) {
                work = listEverything(endpoints, run);
            }
            copy(endpoints, work, run);
            progress.finish(run.summary());
            if (run.endpointFailed()) {
                return ToolExit.UNREACHABLE;
            }
            return run.failures().isEmpty() ? ToolExit.OK : ToolExit.SOME_FAILED;
        } finally {
            progress.close();
            progressOut.flush();
        }
    }

    /** The items named on the command line, or null for {@code --all}, listed once the copy runs. */
    private List<CopyItem> plan(Endpoints endpoints) {
        int chosen = (table != null ? 1 : 0) + (queue != null ? 1 : 0) + (container != null ? 1 : 0) + (all ? 1 : 0);
        if (chosen > 1) {
            throw new IllegalArgumentException("give one of --table, --queue, --container and --all");
        }
        if (all) {
            endpoints.checkAll();
            return null;
        }
        Kind kind = table != null ? Kind.TABLE : queue != null ? Kind.QUEUE : container != null ? Kind.CONTAINER
                : endpoints.kind().orElseThrow(() -> new IllegalArgumentException(
                        "say what to copy: --table, --queue or --container NAME, or --all"));
        String given = kind == Kind.TABLE ? table : kind == Kind.QUEUE ? queue : container;
        String name = given != null && !given.isEmpty() ? given : endpoints.source().resource().orElseThrow(
                () -> new IllegalArgumentException("name the " + kind.word() + ": --" + kind.word() + " NAME, or a SOURCE SAS URL that names it"));
        return List.of(new CopyItem(kind, name, endpoints.destination().resource().orElse(name)));
    }

    private List<CopyItem> listEverything(Endpoints endpoints, CopyRun run) {
        try {
            return endpoints.everything();
        } catch (RuntimeException e) {
            run.failed("listing " + endpoints.source().endpoint(), e);
            return List.of();
        }
    }

    private void copy(Endpoints endpoints, List<CopyItem> work, CopyRun run) {
        TableCopy tables = null;
        QueueCopy queues = null;
        ContainerCopy containers = null;
        for (CopyItem item : work) {
            switch (item.kind()) {
                case TABLE -> tables = tables != null ? tables
                        : new TableCopy(endpoints.source().endpoint().tables(), endpoints.destination().endpoint().tables(), mode, run);
                case QUEUE -> queues = queues != null ? queues
                        : new QueueCopy(endpoints.source().endpoint().queues(), endpoints.destination().endpoint().queues(), run);
                case CONTAINER -> containers = containers != null ? containers
                        : new ContainerCopy(endpoints.source().endpoint(), endpoints.destination().endpoint(), run);
            }
        }
        TableCopy t = tables;
        QueueCopy q = queues;
        ContainerCopy c = containers;
        run.copyAll(work, item -> {
            switch (item.kind()) {
                case TABLE -> t.copy(item);
                case QUEUE -> q.copy(item);
                case CONTAINER -> c.copy(item);
            }
        });
    }

    /** Text written to a {@link PrintWriter} (picocli's standard error, which a caller may capture), as bytes. */
    private static final class WriterOutputStream extends OutputStream {
        private final PrintWriter writer;
        private final java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();

        WriterOutputStream(PrintWriter writer) {
            this.writer = writer;
        }

        @Override
        public synchronized void write(int b) {
            pending.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            pending.write(b, off, len);
        }

        @Override
        public synchronized void flush() {
            writer.write(pending.toString(StandardCharsets.UTF_8));
            pending.reset();
            writer.flush();
        }
    }
}
