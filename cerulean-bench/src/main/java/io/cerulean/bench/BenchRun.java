package io.cerulean.bench;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.Connection;
import io.cerulean.bench.client.Endpoint;
import io.cerulean.bench.client.QueueRequests;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.client.SharedKey;
import io.cerulean.bench.client.SharedKeyLite;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.client.Target;
import io.cerulean.bench.client.Transport;
import io.cerulean.bench.report.Checks;
import io.cerulean.bench.report.CsvReport;
import io.cerulean.bench.report.ResultTable;
import io.cerulean.bench.report.ServerProcesses;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.workload.BatchDeletes;
import io.cerulean.bench.workload.BlobWarmUp;
import io.cerulean.bench.workload.Crc64Blocks;
import io.cerulean.bench.workload.DownloadBlobs;
import io.cerulean.bench.workload.FindBlobsByTags;
import io.cerulean.bench.workload.GetSmallBlobs;
import io.cerulean.bench.workload.InsertEntities;
import io.cerulean.bench.workload.LoadBatches;
import io.cerulean.bench.workload.MergeEntities;
import io.cerulean.bench.workload.PageThrough;
import io.cerulean.bench.workload.PartitionScans;
import io.cerulean.bench.workload.PutSmallBlobs;
import io.cerulean.bench.workload.PutMessages;
import io.cerulean.bench.workload.QueueWarmUp;
import io.cerulean.bench.workload.RangeQueries;
import io.cerulean.bench.workload.ReadEntities;
import io.cerulean.bench.workload.Sizes;
import io.cerulean.bench.workload.TableScan;
import io.cerulean.bench.workload.TakeMessages;
import io.cerulean.bench.workload.UploadBlobs;
import io.cerulean.bench.workload.WarmUp;
import io.cerulean.bench.workload.Workload;
import io.cerulean.bench.workload.WorkloadContext;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One {@code cerulean bench} run: check the endpoints answer and take the key, create the tables,
 * warm up, run the workloads in order while printing each row as it completes, delete the tables,
 * then the checks and the CSV. Returns the command's exit code. A run of Q1 and Q2 does the same
 * with queues on a Queue endpoint, a run of B1..B7 with containers on a Blob endpoint.
 */
final class BenchRun {
    // One set per run: B5's two rows share the container the first loads.
    private final List<Workload> workloads = Stream.of(List.of(new InsertEntities(), new ReadEntities(),
            new LoadBatches(), new RangeQueries(), new PartitionScans(), new TableScan(), new MergeEntities(),
            new PageThrough(), new PutMessages(), new TakeMessages(), new PutSmallBlobs(), new GetSmallBlobs(),
            new UploadBlobs(), new DownloadBlobs()), FindBlobsByTags.pair(), BatchDeletes.pair(), Crc64Blocks.pair())
            .flatMap(List::stream).toList();
    private static final long CALL_TIMEOUT_SECONDS = 30;

    private final BenchSettings settings;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Checks checks = new Checks();
    private final ServerProcesses server;

    BenchRun(BenchSettings settings, PrintWriter out, PrintWriter err) {
        this.settings = settings;
        this.out = out;
        this.err = err;
        this.server = settings.serverPids().isEmpty() ? null : ServerProcesses.of(settings.serverPids());
    }

    int run() {
        Target target = settings.target();
        Sizes sizes = settings.sizes();
        SharedKeyLite signer = new SharedKeyLite(target.account(), target.key());
        Map<Endpoint, TableRequests> perEndpoint = new HashMap<>();
        Map<Endpoint, QueueRequests> queuesPerEndpoint = new HashMap<>();
        Map<Endpoint, BlobRequests> blobsPerEndpoint = new HashMap<>();
        SharedKey blobSigner = new SharedKey(target.account(), target.key());
        for (Endpoint endpoint : target.endpoints()) {
            perEndpoint.put(endpoint, new TableRequests(endpoint, signer));
            queuesPerEndpoint.put(endpoint, new QueueRequests(endpoint, signer));
            blobsPerEndpoint.put(endpoint, new BlobRequests(endpoint, blobSigner));
        }
        boolean queue = settings.selection().queue();
        boolean blob = settings.selection().blob();
        boolean tls = target.endpoints().stream().anyMatch(Endpoint::secure);
        try (Transport transport = new Transport(tls, settings.ioThreads())) {
            // Worker i on endpoint i mod n: the first n connections go to the n endpoints in order.
            List<Connection> connections = new ArrayList<>();
            List<TableRequests> requests = new ArrayList<>();
            List<QueueRequests> queueRequests = new ArrayList<>();
            List<BlobRequests> blobRequests = new ArrayList<>();
            for (int i = 0; i < sizes.concurrency(); i++) {
                Endpoint endpoint = target.endpointOf(i);
                connections.add(transport.connection(endpoint));
                requests.add(perEndpoint.get(endpoint));
                queueRequests.add(queuesPerEndpoint.get(endpoint));
                blobRequests.add(blobsPerEndpoint.get(endpoint));
            }
            for (int i = 0; i < target.endpoints().size(); i++) {
                int refused = queue ? preflight(queueRequests.get(i).probe(), connections.get(i), "List Queues", "Queue")
                        : blob ? preflight(blobRequests.get(i).probe(), connections.get(i), "List Containers", "Blob")
                        : preflight(requests.get(i).probe(), connections.get(i), "Query Tables", "Table");
                if (refused != 0) {
                    return refused;
                }
            }
            header(transport);
            return runWorkloads(requests, queue ? queueRequests : List.of(), blob ? blobRequests : List.of(),
                    connections);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * Query Tables (List Queues, List Containers) once: tells an unreachable endpoint and refused credentials from a
     * working one.
     */
    private int preflight(Request request, Connection connection, String operation, String service) {
        Endpoint endpoint = connection.endpoint();
        String url = endpoint.url();
        Response probe;
        try {
            probe = connection.call(request, CALL_TIMEOUT_SECONDS);
        } catch (IOException e) {
            err.println("cerulean bench: cannot reach " + url + ": " + connectMessage(e));
            return BenchCommand.EXIT_UNREACHABLE;
        }
        if (probe.status() == 401 || probe.status() == 403) {
            boolean emulatorWithoutAccount = endpoint.pathStyle() && endpoint.basePath().isEmpty();
            err.println("cerulean bench: " + url + " refused the credentials of account '" + settings.target().account()
                    + "' (" + probe.describe() + "); " + (emulatorWithoutAccount
                    ? "an emulator wants the account in the path: " + url + "/" + settings.target().account()
                    : "check --account and --key, and that it is a " + service + " endpoint"));
            return BenchCommand.EXIT_REFUSED;
        }
        if (probe.status() != 200) {
            err.println("cerulean bench: " + url + " answered " + operation + " with " + probe.describe()
                    + "; is it a " + service + " endpoint, with the account in the path for an emulator?");
            return BenchCommand.EXIT_UNREACHABLE;
        }
        return 0;
    }

    private void header(Transport transport) {
        Sizes sizes = settings.sizes();
        List<Endpoint> endpoints = settings.target().endpoints();
        String where = endpoints.size() == 1 ? "endpoint=" + endpoints.get(0).url()
                : "endpoints=" + endpoints.stream().map(Endpoint::url).collect(Collectors.joining(","));
        String data = settings.selection().queue() ? "queue" : settings.selection().blob() ? "blob"
                : String.format(Locale.ROOT, "data=%,d entities",
                sizes.bigEntities());
        out.printf(Locale.ROOT,
                "Cerulean bench  %s  account=%s  concurrency=%d  phase=%ss  %s  io=%s%s%n",
                where, settings.target().account(), sizes.concurrency(),
                seconds(sizes.phase()), data, transport.kind(), settings.quick() ? "  quick" : "");
        for (String note : settings.selection().added()) {
            out.println("note: " + note);
        }
        out.flush();
    }

    private int runWorkloads(List<TableRequests> requests, List<QueueRequests> queueRequests,
                             List<BlobRequests> blobRequests, List<Connection> connections) {
        String run = Long.toString(System.currentTimeMillis(), 36) + Integer.toString(
                ThreadLocalRandom.current().nextInt(36 * 36), 36);
        String pointTable = "bench" + run + "p";
        String bigTable = "bench" + run + "b";
        String warmTable = "bench" + run + "w";
        WorkloadContext ctx = new WorkloadContext(settings.sizes(), requests, queueRequests, blobRequests,
                connections, checks, pointTable, bigTable, "bench" + run + "-");
        List<String> ids = settings.selection().ids();
        List<String> created = new ArrayList<>();
        List<WorkloadResult> results = new ArrayList<>();
        long clientCpuStart = clientCpuNanos();
        long started = System.nanoTime();
        try {
            // Tables, queues and containers are made and deleted on the first connection's endpoint.
            if (!queueRequests.isEmpty()) {
                if (!queueWarmUp(ctx)) {
                    return BenchCommand.EXIT_CHECK_FAILED;
                }
            } else if (!blobRequests.isEmpty()) {
                if (!blobWarmUp(ctx, ids.contains("B3") || ids.contains("B4"))) {
                    return BenchCommand.EXIT_CHECK_FAILED;
                }
            } else {
                TableRequests setup = requests.get(0);
                if (!create(ctx, setup, warmTable, created)
                        || (ids.contains("W1") && !create(ctx, setup, pointTable, created))
                        || (ids.contains("W3") && !create(ctx, setup, bigTable, created))) {
                    return BenchCommand.EXIT_CHECK_FAILED;
                }
                warmUp(ctx, setup, warmTable, created);
            }
            boolean serverCpu = server != null;
            out.println(ResultTable.header(serverCpu));
            out.flush();
            for (Workload workload : workloads) {
                if (ids.contains(workload.id())) {
                    WorkloadResult result = measure(workload, ctx);
                    if (result != null) {
                        results.add(result);
                        out.println(ResultTable.row(result, serverCpu));
                        out.flush();
                    }
                }
            }
        } finally {
            cleanUp(ctx, requests.get(0), created);
            cleanUpQueues(ctx, ctx.createdQueues());
            cleanUpContainers(ctx, ctx.createdContainers());
        }
        footer(results, clientCpuStart, started);
        writeCsv(results);
        return checks.failed().isEmpty() ? 0 : BenchCommand.EXIT_CHECK_FAILED;
    }

    private boolean create(WorkloadContext ctx, TableRequests requests, String table, List<String> created) {
        try {
            Response response = ctx.call(requests.createTable(table));
            if (response.status() == 201 || response.status() == 204) {
                created.add(table);
                return true;
            }
            checks.check(false, "create table " + table + ": " + response.describe());
            err.println("cerulean bench: cannot create table " + table + ": " + response.describe());
        } catch (IOException e) {
            checks.check(false, "create table " + table + ": " + rootMessage(e));
            err.println("cerulean bench: cannot create table " + table + ": " + rootMessage(e));
        }
        return false;
    }

    private void warmUp(WorkloadContext ctx, TableRequests requests, String warmTable, List<String> created) {
        long start = System.nanoTime();
        long requestsDone = WarmUp.run(ctx, warmTable);
        out.printf(Locale.ROOT, "warm-up: %,d requests in %.1f s, not reported%n", requestsDone,
                (System.nanoTime() - start) / 1e9);
        if (delete(ctx, requests, warmTable)) {
            created.remove(warmTable);
        }
    }

    /** Q1's and Q2's requests in a scratch queue, deleted after; false when it cannot be created. */
    private boolean queueWarmUp(WorkloadContext ctx) {
        String warmQueue;
        try {
            warmQueue = ctx.createQueue("w");
        } catch (IOException e) {
            checks.check(false, rootMessage(e));
            err.println("cerulean bench: " + rootMessage(e));
            return false;
        }
        long start = System.nanoTime();
        long requestsDone = QueueWarmUp.run(ctx, warmQueue);
        out.printf(Locale.ROOT, "warm-up: %,d requests in %.1f s, not reported%n", requestsDone,
                (System.nanoTime() - start) / 1e9);
        if (deleteQueue(ctx, warmQueue)) {
            ctx.forgetQueue(warmQueue);
        }
        return true;
    }

    /** B1..B7's requests in a scratch container, deleted after; false when it cannot be created. */
    private boolean blobWarmUp(WorkloadContext ctx, boolean large) {
        String warmContainer;
        try {
            warmContainer = ctx.createContainer("w");
        } catch (IOException e) {
            checks.check(false, rootMessage(e));
            err.println("cerulean bench: " + rootMessage(e));
            return false;
        }
        long start = System.nanoTime();
        long requestsDone = BlobWarmUp.run(ctx, warmContainer, large);
        out.printf(Locale.ROOT, "warm-up: %,d requests in %.1f s, not reported%n", requestsDone,
                (System.nanoTime() - start) / 1e9);
        if (deleteContainer(ctx, warmContainer)) {
            ctx.forgetContainer(warmContainer);
        }
        return true;
    }

    /** Runs a workload with the server's CPU and memory measured around it (not its load); null if it broke off. */
    private WorkloadResult measure(Workload workload, WorkloadContext ctx) {
        try {
            workload.load(ctx);
        } catch (IOException | RuntimeException e) {
            checks.check(false, workload.id() + " load broke off: " + rootMessage(e));
            return null;
        }
        OptionalDouble serverBefore = serverCpu();
        long clientBefore = clientCpuNanos();
        try {
            WorkloadResult result = workload.run(ctx);
            long clientAfter = clientCpuNanos();
            OptionalDouble serverAfter = serverCpu();
            OptionalDouble serverUsed = serverBefore.isPresent() && serverAfter.isPresent()
                    ? OptionalDouble.of(serverAfter.getAsDouble() - serverBefore.getAsDouble()) : OptionalDouble.empty();
            OptionalDouble clientUsed = clientAfter > 0 ? OptionalDouble.of((clientAfter - clientBefore) / 1e9)
                    : OptionalDouble.empty();
            return result.withUsage(serverRss(), serverUsed, clientUsed);
        } catch (IOException | RuntimeException e) {
            checks.check(false, workload.id() + " broke off: " + rootMessage(e));
            return null;
        }
    }

    private void cleanUp(WorkloadContext ctx, TableRequests requests, List<String> created) {
        if (settings.keep()) {
            if (!created.isEmpty()) {
                out.println("kept tables: " + String.join(" ", created));
            }
            return;
        }
        for (String table : created) {
            delete(ctx, requests, table);
        }
    }

    /** Deletes the queues the run made and has not deleted yet; with --keep, names them. */
    private void cleanUpQueues(WorkloadContext ctx, List<String> queues) {
        if (settings.keep()) {
            if (!queues.isEmpty()) {
                out.println("kept queues: " + String.join(" ", queues));
            }
            return;
        }
        queues.forEach(q -> deleteQueue(ctx, q));
    }

    /** Deletes the containers the run made and has not deleted yet, with their blobs; with --keep, names them. */
    private void cleanUpContainers(WorkloadContext ctx, List<String> containers) {
        if (settings.keep()) {
            if (!containers.isEmpty()) {
                out.println("kept containers: " + String.join(" ", containers));
            }
            return;
        }
        containers.forEach(c -> deleteContainer(ctx, c));
    }

    private boolean deleteContainer(WorkloadContext ctx, String container) {
        try {
            Response response = ctx.call(ctx.blobRequests().deleteContainer(container));
            if (response.status() == 202 || response.status() == 404) {
                return true;
            }
            err.println("cerulean bench: could not delete container " + container + ": " + response.describe());
        } catch (IOException e) {
            err.println("cerulean bench: could not delete container " + container + ": " + rootMessage(e));
        }
        return false;
    }

    private boolean deleteQueue(WorkloadContext ctx, String queue) {
        try {
            Response response = ctx.call(ctx.queueRequests().deleteQueue(queue));
            if (response.status() == 204 || response.status() == 404) {
                return true;
            }
            err.println("cerulean bench: could not delete queue " + queue + ": " + response.describe());
        } catch (IOException e) {
            err.println("cerulean bench: could not delete queue " + queue + ": " + rootMessage(e));
        }
        return false;
    }

    private boolean delete(WorkloadContext ctx, TableRequests requests, String table) {
        try {
            Response response = ctx.call(requests.deleteTable(table));
            if (response.status() == 204 || response.status() == 404) {
                return true;
            }
            err.println("cerulean bench: could not delete table " + table + ": " + response.describe());
        } catch (IOException e) {
            err.println("cerulean bench: could not delete table " + table + ": " + rootMessage(e));
        }
        return false;
    }

    private void footer(List<WorkloadResult> results, long clientCpuStart, long started) {
        double wall = (System.nanoTime() - started) / 1e9;
        double clientCpu = (clientCpuNanos() - clientCpuStart) / 1e9;
        StringBuilder line = new StringBuilder();
        if (server != null) {
            OptionalDouble rss = serverRss();
            line.append(rss.isPresent() ? String.format(Locale.ROOT, "server RSS %,.0f MB (%s)", rss.getAsDouble(),
                    server.describe() + (server.size() > 1 ? ", summed" : "")) : "server RSS unknown ("
                    + server.describe() + (server.size() > 1 ? ": one is gone)" : " gone)"));
        }
        line.append(line.length() > 0 ? "   " : "").append(String.format(Locale.ROOT, "checks: %d passed, %d failed",
                checks.passed(), checks.failed().size()));
        if (clientCpu > 0) {
            line.append(String.format(Locale.ROOT, "   client cpu %.1f s in %.1f s", clientCpu, wall));
        }
        out.println(line);
        for (Checks.Check failed : checks.failed()) {
            out.println("FAILED " + failed.description());
        }
        if (results.isEmpty()) {
            out.println("no workload completed");
        }
        out.flush();
    }

    private void writeCsv(List<WorkloadResult> results) {
        if (settings.csv().isEmpty()) {
            return;
        }
        try {
            CsvReport.append(settings.csv().get(), settings.label(), results);
        } catch (IOException e) {
            checks.check(false, "write CSV to " + settings.csv().get() + ": " + rootMessage(e));
            err.println("cerulean bench: cannot write " + settings.csv().get() + ": " + rootMessage(e));
        }
    }

    private OptionalDouble serverCpu() {
        try {
            return server == null ? OptionalDouble.empty() : OptionalDouble.of(server.cpuSeconds());
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    private OptionalDouble serverRss() {
        try {
            return server == null ? OptionalDouble.empty() : OptionalDouble.of(server.rssMb());
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    /** This JVM's CPU time, or 0 where the platform does not tell. */
    private static long clientCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? Long.toString(d.toSeconds()) : String.format(Locale.ROOT, "%.1f", d.toMillis() / 1000.0);
    }

    /** "connection refused" rather than the transport's "finishConnect(..) failed: Connection refused". */
    private static String connectMessage(Throwable e) {
        String message = rootMessage(e);
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException && message.contains("refused")) {
                return "connection refused";
            }
        }
        return message;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
