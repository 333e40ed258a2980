package io.cerulean.bench;

import io.cerulean.bench.client.ConnectionString;
import io.cerulean.bench.client.Service;
import io.cerulean.bench.client.SharedKeyLite;
import io.cerulean.bench.client.Target;
import io.cerulean.bench.report.ServerProcess;
import io.cerulean.bench.workload.LargeBlob;
import io.cerulean.bench.workload.Sizes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code cerulean bench}: the sizing tool. Options in, {@link BenchRun} out, an exit code back. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Load any Azure-Table-compatible endpoint (Cerulean, Azurite, the real service) with the "
                + "workloads W1..W8, check its answers, and print ops/s and p50/p99 latency per workload.",
            "With --only Q1,Q2: a Queue endpoint instead, with Put Message (Q1) and Get + Delete Message (Q2).",
            "With --only B1,B2,B3,B4: a Blob endpoint instead, with Put Blob (B1) and Get Blob (B2) of 1 KiB blobs, "
                + "uploads of 64 MiB blobs in 4 MiB blocks (B3) and whole downloads of one (B4); --blob-mib sets "
                + "that size.",
            "With --only B5,B6,B7: Find Blobs by Tags against a listing filtered on the client (B5, "
                + "--blob-tag-count blobs), a batch of 256 deletes against 256 Delete Blob (B6), and Put Block of "
                + "4 MiB with and without x-ms-content-crc64 (B7).",
            "Exit codes: 0 all checks passed, 1 a check failed, 2 the endpoint cannot be reached, "
                + "3 it refused the credentials, 4 a bad option."})
public final class BenchCommand implements Callable<Integer> {
    public static final int EXIT_CHECK_FAILED = 1;
    public static final int EXIT_UNREACHABLE = 2;
    public static final int EXIT_REFUSED = 3;
    public static final int EXIT_BAD_OPTION = 4;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "ENDPOINT[,ENDPOINT...]",
            description = {"Table endpoint; default " + Target.DEV_ENDPOINT + ".",
                "For Q1 and Q2 the Queue endpoint; default " + Target.DEV_QUEUE_ENDPOINT + ".",
                "For B1..B7 the Blob endpoint; default " + Target.DEV_BLOB_ENDPOINT + ".",
                "Several, comma-separated, for servers sharing one store (Cerulean on Cassandra): the workers' "
                    + "connections are spread over them round-robin."})
    String endpoint;

    @Option(names = "--account", paramLabel = "NAME", description = "Account name; default " + Target.DEV_ACCOUNT + ".")
    String account;

    @Option(names = "--key", paramLabel = "KEY", description = "Account key (base64); default the development key.")
    String key;

    @Option(names = "--connection-string", paramLabel = "CS",
            description = "Instead of ENDPOINT, --account and --key: UseDevelopmentStorage=true, or "
                    + "DefaultEndpointsProtocol, AccountName, AccountKey and TableEndpoint (QueueEndpoint for Q1, Q2; "
                    + "BlobEndpoint for B1..B7).")
    String connectionString;

    @Option(names = "--quick", description = "Small data (10,000 entities) and 3 s phases: the run takes well under a minute.")
    boolean quick;

    @Option(names = "--seconds", paramLabel = "N", description = "Length of each timed phase; default 20, 3 with --quick.")
    Double seconds;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "16",
            description = "Workers, one connection each; default ${DEFAULT-VALUE}.")
    int concurrency;

    @Option(names = "--entities", paramLabel = "N",
            description = "Entities W3 loads for W4, W5, W6 and W8, a multiple of 1000; default 100,000, 10,000 with --quick.")
    Integer entities;

    @Option(names = "--messages", paramLabel = "N",
            description = "Messages Q2 puts into its queue before its phase; default as many as can be put "
                    + "in twice the phase's length.")
    Integer messages;

    @Option(names = "--blob-mib", paramLabel = "N",
            description = "Size of B3's and B4's blobs in MiB: 1 to 4 (one Put Blob), or a multiple of 4 up to "
                    + "16,384 (4 MiB blocks and Put Block List); default 64.")
    Long blobMebibytes;

    @Option(names = "--blob-tag-count", paramLabel = "N",
            description = "Blobs B5 loads into its container, a multiple of 100 (each tag value names 1 in 100); "
                    + "default 10,000.")
    Integer blobTagCount;

    @Option(names = "--only", paramLabel = "ID", split = ",",
            description = "Run these workloads only (plus the loads they read from): some of W1..W8, "
                    + "or the Queue workloads Q1 and Q2, or the Blob workloads B1..B7.")
    List<String> only;

    @Option(names = "--server-pid", paramLabel = "PID", split = ",",
            description = "The server's process (same machine): report its RSS and the CPU it used per workload. "
                    + "Several, comma-separated, for several servers: their RSS and CPU summed.")
    List<Long> serverPids;

    @Option(names = "--csv", paramLabel = "FILE", description = "Append one CSV row per workload to FILE.")
    Path csv;

    @Option(names = "--label", paramLabel = "TEXT", defaultValue = "",
            description = "Label of the CSV rows, to tell runs apart.")
    String label;

    @Option(names = "--io-threads", paramLabel = "N", hidden = true,
            description = "Client event loop threads; default one per two cores, at most four.")
    Integer ioThreads;

    @Option(names = "--keep", description = "Do not delete the tables the run created.")
    boolean keep;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BenchSettings settings;
        try {
            settings = settings();
        } catch (IllegalArgumentException e) {
            err.println("cerulean bench: " + e.getMessage());
            err.flush();
            return EXIT_BAD_OPTION;
        }
        return new BenchRun(settings, out, err).run();
    }

    /** @throws IllegalArgumentException with a message for the user */
    BenchSettings settings() {
        WorkloadSelection selection = WorkloadSelection.of(only);
        Target target = target(selection.service());
        new SharedKeyLite(target.account(), target.key());   // fails now, not at the first request, on a bad key
        Sizes sizes = quick ? Sizes.quick(concurrency) : Sizes.full(concurrency);
        if (seconds != null) {
            if (!(seconds >= 0.1 && seconds <= 3600)) {
                throw new IllegalArgumentException("--seconds must be between 0.1 and 3600: " + seconds);
            }
            sizes = sizes.withPhase(Duration.ofMillis(Math.round(seconds * 1000)));
        }
        if (entities != null) {
            sizes = sizes.withBigEntities(entities);
        }
        if (messages != null) {
            if (messages < 1) {
                throw new IllegalArgumentException("--messages must be at least 1: " + messages);
            }
            sizes = sizes.withQueueMessages(messages);
        }
        if (blobMebibytes != null) {
            try {
                sizes = sizes.withLargeBlob(LargeBlob.ofMebibytes(blobMebibytes));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--blob-mib: " + e.getMessage(), e);
            }
        }
        if (blobTagCount != null) {
            try {
                sizes = sizes.withTagBlobs(blobTagCount);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--blob-tag-count: " + e.getMessage(), e);
            }
        }
        List<Long> pids = serverPids == null ? List.of() : List.copyOf(serverPids);
        for (long pid : pids) {
            if (!new ServerProcess(pid).readable()) {
                throw new IllegalArgumentException("--server-pid " + pid + ": no such process to watch "
                        + "(it must run on this machine)");
            }
        }
        if (target.endpoints().size() > sizes.concurrency()) {
            throw new IllegalArgumentException(target.endpoints().size() + " endpoints but --concurrency "
                    + sizes.concurrency() + ": every endpoint needs a connection");
        }
        int threads = ioThreads != null ? ioThreads : defaultIoThreads();
        if (threads < 1 || threads > sizes.concurrency()) {
            throw new IllegalArgumentException("--io-threads must be 1.." + sizes.concurrency() + ": " + threads);
        }
        return new BenchSettings(target, sizes, quick, selection,
                pids, Optional.ofNullable(csv),
                label, keep, threads);
    }

    /** One per two cores, at most four: the server under test usually shares the cores. */
    private static int defaultIoThreads() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() / 2));
    }

    private Target target(Service service) {
        if (connectionString != null) {
            if (endpoint != null || account != null || key != null) {
                throw new IllegalArgumentException("give either --connection-string or ENDPOINT, --account and --key");
            }
            return ConnectionString.parse(connectionString, service);
        }
        String fallback = service.devEndpoint();
        return new Target(Target.parseEndpoints(endpoint == null ? fallback : endpoint),
                account == null ? Target.DEV_ACCOUNT : account, key == null ? Target.DEV_KEY : key);
    }
}
