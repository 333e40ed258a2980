package io.cerulean.bench.workload;

import io.cerulean.bench.client.Connection;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.Response;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.report.Checks;
import io.cerulean.bench.report.WorkloadResult;
import io.cerulean.bench.run.Phase;
import io.cerulean.bench.run.PhaseResult;
import java.io.IOException;
import java.util.List;
import java.util.OptionalDouble;

/**
 * What the workloads of one run share: sizes, connections, the two tables and what earlier
 * workloads left in them (W1's entities for W2 and W7, W3's for the queries), and the checks.
 * Used from the run's main thread; the phases it starts have their own threads.
 */
public final class WorkloadContext {
    private static final long CALL_TIMEOUT_SECONDS = 120;

    private final Sizes sizes;
    private final TableRequests requests;
    private final List<Connection> connections;
    private final Phase phase;
    private final Checks checks;
    private final EntityFactory entities;
    private final TableRequests.Table pointTable;
    private final TableRequests.Table bigTable;
    private PointData point;
    private BigData big;

    public WorkloadContext(Sizes sizes, TableRequests requests, List<Connection> connections, Checks checks,
                           String pointTable, String bigTable) {
        this.sizes = sizes;
        this.requests = requests;
        this.connections = List.copyOf(connections);
        this.phase = new Phase(connections);
        this.checks = checks;
        this.entities = new EntityFactory(sizes.entityBytes());
        this.pointTable = requests.table(pointTable);
        this.bigTable = requests.table(bigTable);
    }

    public Sizes sizes() {
        return sizes;
    }

    public Checks checks() {
        return checks;
    }

    TableRequests requests() {
        return requests;
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

    TableRequests.Table pointTable() {
        return pointTable;
    }

    TableRequests.Table bigTable() {
        return bigTable;
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
