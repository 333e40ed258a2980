package io.cerulean.bench.workload;

import io.cerulean.bench.client.BlobRequests;
import io.cerulean.bench.client.Connection;
import io.cerulean.bench.client.QueueRequests;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.report.Checks;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Phase;
import io.cerulean.bench.run.PhaseResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What the workloads of one run share: sizes, connections, the two tables and what earlier
 * workloads left in them (W1's entities for W2 and W7, W3's for the queries), the queues and
 * containers of a Queue or Blob run and the blobs B1 and B3 leave for B2 and B4, and the checks.
 * Each worker builds its requests for the endpoint its connection goes to (servers sharing a
 * store may be several); requests outside the timed loops go to the first connection's.
 * Used from the run's main thread; the phases it starts have their own threads.
 */
public final class WorkloadContext {
    private static final long CALL_TIMEOUT_SECONDS = 120;

    private final Sizes sizes;
    private final List<TableRequests> requests;
    private final List<QueueRequests> queueRequests;
    private final List<BlobRequests> blobRequests;
    private final List<Connection> connections;
    private final Phase phase;
    private final Checks checks;
    private final EntityFactory entities;
    private final List<TableRequests.Table> pointTable;
    private final List<TableRequests.Table> bigTable;
    private final String namePrefix;
    private final List<String> createdQueues = new ArrayList<>();
    private final List<String> createdContainers = new ArrayList<>();
    private TakeMessages.Filled filled;
    private PutSmallBlobs.Loaded smallBlobs;
    private UploadBlobs.Committed largeBlob;
    private PointData point;
    private BigData big;

    /**
     * @param requests    per connection, the requests for its endpoint: {@code requests.get(i)} builds what
     *                    {@code connections.get(i)} sends
     * @param connections one per worker
     */
    public WorkloadContext(Sizes sizes, List<TableRequests> requests, List<Connection> connections, Checks checks,
                           String pointTable, String bigTable) {
        this(sizes, requests, List.of(), connections, checks, pointTable, bigTable, "");
    }

    /**
     * @param queueRequests per connection, the Queue requests for its endpoint, for Q1 and Q2; empty
     *                      when the endpoints are Table endpoints
     * @param queuePrefix   what the names of the queues the run creates start with
     */
    public WorkloadContext(Sizes sizes, List<TableRequests> requests, List<QueueRequests> queueRequests,
                           List<Connection> connections, Checks checks, String pointTable, String bigTable,
                           String queuePrefix) {
        this(sizes, requests, queueRequests, List.of(), connections, checks, pointTable, bigTable, queuePrefix);
    }

    /**
     * @param blobRequests per connection, the Blob requests for its endpoint, for B1..B7; empty when
     *                     the endpoints are not Blob endpoints
     * @param namePrefix   what the names of the queues and containers the run creates start with
     */
    public WorkloadContext(Sizes sizes, List<TableRequests> requests, List<QueueRequests> queueRequests,
                           List<BlobRequests> blobRequests, List<Connection> connections, Checks checks,
                           String pointTable, String bigTable, String namePrefix) {
        if (!blobRequests.isEmpty() && blobRequests.size() != connections.size()) {
            throw new IllegalArgumentException("one BlobRequests per connection: " + blobRequests.size() + " for "
                    + connections.size());
        }
        this.blobRequests = List.copyOf(blobRequests);
        if (requests.size() != connections.size() || connections.isEmpty()) {
            throw new IllegalArgumentException("one TableRequests per connection: " + requests.size() + " for "
                    + connections.size());
        }
        if (!queueRequests.isEmpty() && queueRequests.size() != connections.size()) {
            throw new IllegalArgumentException("one QueueRequests per connection: " + queueRequests.size() + " for "
                    + connections.size());
        }
        this.sizes = sizes;
        this.requests = List.copyOf(requests);
        this.queueRequests = List.copyOf(queueRequests);
        this.namePrefix = namePrefix;
        this.connections = List.copyOf(connections);
        this.phase = new Phase(connections);
        this.checks = checks;
        this.entities = new EntityFactory(sizes.entityBytes());
        this.pointTable = tables(pointTable);
        this.bigTable = tables(bigTable);
    }

    public Sizes sizes() {
        return sizes;
    }

    public Checks checks() {
        return checks;
    }

    /** The first connection's requests; any worker's allocate alike. */
    TableRequests requests() {
        return requests.get(0);
    }

    /** The requests for the endpoint worker {@code worker} talks to. */
    TableRequests requests(int worker) {
        return requests.get(worker);
    }

    /** A table's requests for every worker, one object per endpoint: {@code get(i)} for worker i. */
    List<TableRequests.Table> tables(String name) {
        Map<TableRequests, TableRequests.Table> perEndpoint = new IdentityHashMap<>();
        List<TableRequests.Table> tables = new ArrayList<>(requests.size());
        for (TableRequests r : requests) {
            tables.add(perEndpoint.computeIfAbsent(r, x -> x.table(name)));
        }
        return List.copyOf(tables);
    }

    /** The first connection's Queue requests. */
    public QueueRequests queueRequests() {
        if (queueRequests.isEmpty()) {
            throw new IllegalStateException("Q1 and Q2 need a Queue endpoint");
        }
        return queueRequests.get(0);
    }

    /** A queue's requests for every worker, one object per endpoint: {@code get(i)} for worker i. */
    List<QueueRequests.Queue> queues(String name) {
        queueRequests();
        Map<QueueRequests, QueueRequests.Queue> perEndpoint = new IdentityHashMap<>();
        List<QueueRequests.Queue> queues = new ArrayList<>(queueRequests.size());
        for (QueueRequests r : queueRequests) {
            queues.add(perEndpoint.computeIfAbsent(r, x -> x.queue(name)));
        }
        return List.copyOf(queues);
    }

    /**
     * Creates the queue {@code prefix + suffix} on the first connection's endpoint and remembers it
     * for {@link #createdQueues}.
     *
     * @throws IOException when it cannot be created
     */
    public String createQueue(String suffix) throws IOException {
        String name = namePrefix + suffix;
        Response response = call(queueRequests().createQueue(name));
        if (response.status() != 201 && response.status() != 204) {
            throw new IOException("cannot create queue " + name + ": " + response.describe());
        }
        createdQueues.add(name);
        return name;
    }

    /** Forgets a queue the run has deleted. */
    public void forgetQueue(String name) {
        createdQueues.remove(name);
    }

    /** The queues created and not yet deleted, for the run to delete. */
    public List<String> createdQueues() {
        return List.copyOf(createdQueues);
    }

    /** The first connection's Blob requests. */
    public BlobRequests blobRequests() {
        if (blobRequests.isEmpty()) {
            throw new IllegalStateException("B1..B7 need a Blob endpoint");
        }
        return blobRequests.get(0);
    }

    /** A container's requests for every worker, one object per endpoint: {@code get(i)} for worker i. */
    List<BlobRequests.Container> containers(String name) {
        blobRequests();
        Map<BlobRequests, BlobRequests.Container> perEndpoint = new IdentityHashMap<>();
        List<BlobRequests.Container> containers = new ArrayList<>(blobRequests.size());
        for (BlobRequests r : blobRequests) {
            containers.add(perEndpoint.computeIfAbsent(r, x -> x.container(name)));
        }
        return List.copyOf(containers);
    }

    /**
     * Creates the container {@code prefix + suffix} on the first connection's endpoint and
     * remembers it for {@link #createdContainers}.
     *
     * @throws IOException when it cannot be created
     */
    public String createContainer(String suffix) throws IOException {
        String name = namePrefix + suffix;
        Response response = call(blobRequests().createContainer(name));
        if (response.status() != 201) {
            throw new IOException("cannot create container " + name + ": " + response.describe());
        }
        createdContainers.add(name);
        return name;
    }

    /** Forgets a container the run has deleted. */
    public void forgetContainer(String name) {
        createdContainers.remove(name);
    }

    /** The containers created and not yet deleted, for the run to delete. */
    public List<String> createdContainers() {
        return List.copyOf(createdContainers);
    }

    /** The small blobs B1 put, for B2; null when B1 has not run. */
    PutSmallBlobs.Loaded smallBlobs() {
        return smallBlobs;
    }

    void smallBlobs(PutSmallBlobs.Loaded blobs) {
        this.smallBlobs = blobs;
    }

    /** A large blob B3 committed, for B4; null when B3 has not run or committed none. */
    UploadBlobs.Committed largeBlob() {
        return largeBlob;
    }

    void largeBlob(UploadBlobs.Committed blob) {
        this.largeBlob = blob;
    }

    TakeMessages.Filled filled() {
        if (filled == null) {
            throw new IllegalStateException("Q2's queue was not filled");
        }
        return filled;
    }

    void filled(TakeMessages.Filled queue) {
        this.filled = queue;
    }

    Phase phase() {
        return phase;
    }

    EntityFactory entities() {
        return entities;
    }

    Connection connection(int worker) {
        return connections.get(worker);
    }

    /** W1's table, as the first connection addresses it. */
    TableRequests.Table pointTable() {
        return pointTable.get(0);
    }

    /** W1's table, as worker {@code worker} addresses it. */
    TableRequests.Table pointTable(int worker) {
        return pointTable.get(worker);
    }

    /** W3's table, as the first connection addresses it. */
    TableRequests.Table bigTable() {
        return bigTable.get(0);
    }

    /** W3's table, as worker {@code worker} addresses it. */
    TableRequests.Table bigTable(int worker) {
        return bigTable.get(worker);
    }

    PointData point() {
        if (point == null) {
            throw new IllegalStateException("W1 has not run: there are no entities to read or merge");
        }
        return point;
    }

    void point(PointData data) {
        this.point = data;
    }

    BigData big() {
        if (big == null) {
            throw new IllegalStateException("W3 has not run: there is no data set to query");
        }
        return big;
    }

    void big(BigData data) {
        this.big = data;
    }

    /** One request outside the timed loops, on the first connection, waiting for the answer. */
    public Response call(Request request) throws IOException {
        return connections.get(0).call(request, CALL_TIMEOUT_SECONDS);
    }

    /** A rate workload's row: figure from the phase, latency per operation. */
    static WorkloadResult rate(String id, String title, String unit, double value, PhaseResult r) {
        return new WorkloadResult(id, title, unit, value, r.opLatency().percentileMillis(0.5),
                r.opLatency().percentileMillis(0.99), r.ops(), r.errors(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty());
    }

    /** A scan's row: the seconds it took, latency per page, pages as its operations. */
    static WorkloadResult duration(String id, String title, PhaseResult r) {
        return new WorkloadResult(id, title, "s", r.seconds(), r.requestLatency().percentileMillis(0.5),
                r.requestLatency().percentileMillis(0.99), r.requestLatency().count(), r.errors(),
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty());
    }

    /** " (first error: ...)" or "" for check texts. */
    static String firstError(PhaseResult r) {
        return r.firstErrors().isEmpty() ? "" : "; first error: " + r.firstErrors().get(0);
    }
}
