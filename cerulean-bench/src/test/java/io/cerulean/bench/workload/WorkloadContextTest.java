package io.cerulean.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.bench.client.Connection;
import io.cerulean.bench.client.Endpoint;
import io.cerulean.bench.client.Request;
import io.cerulean.bench.client.SharedKeyLite;
import io.cerulean.bench.client.TableRequests;
import io.cerulean.bench.client.Target;
import io.cerulean.bench.client.Transport;
import io.cerulean.bench.report.Checks;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadContextTest {
    private static final Endpoint A = Endpoint.parse("http://127.0.0.1:10102/devstoreaccount1");
    private static final Endpoint B = Endpoint.parse("http://127.0.0.1:10103/devstoreaccount1");

    /** As BenchRun lays a run out: worker i's connection and requests both on endpoint i mod n. */
    @Test
    void everyWorkerAddressesTheServerItsConnectionGoesTo() {
        Target target = new Target(List.of(A, B), Target.DEV_ACCOUNT, Target.DEV_KEY);
        SharedKeyLite signer = new SharedKeyLite(target.account(), target.key());
        TableRequests onA = new TableRequests(A, signer);
        TableRequests onB = new TableRequests(B, signer);
        try (Transport transport = new Transport(false, 1)) {
            List<Connection> connections = new ArrayList<>();
            List<TableRequests> requests = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                connections.add(transport.connection(target.endpointOf(i)));
                requests.add(target.endpointOf(i).equals(A) ? onA : onB);
            }
            WorkloadContext ctx = new WorkloadContext(Sizes.quick(5), requests, connections, new Checks(), "pt", "bt");
            for (int i = 0; i < 5; i++) {
                Endpoint expected = i % 2 == 0 ? A : B;
                assertThat(ctx.connection(i).endpoint()).isEqualTo(expected);
                assertThat(ctx.bigTable(i).url()).isEqualTo(expected.url() + "/bt");
                assertThat(host(ctx.pointTable(i).get("p", "r", TableRequests.NO_METADATA)))
                        .isEqualTo(expected.hostHeader());
                assertThat(ctx.requests(i)).isSameAs(i % 2 == 0 ? onA : onB);
            }
            // One table object per endpoint, so that workers on one server share its cached signatures.
            assertThat(ctx.pointTable(2)).isSameAs(ctx.pointTable(0));
            assertThat(ctx.pointTable(1)).isNotSameAs(ctx.pointTable(0));
            // Setup requests go to the first endpoint.
            assertThat(ctx.pointTable()).isSameAs(ctx.pointTable(0));
            assertThat(ctx.bigTable().url()).isEqualTo(A.url() + "/bt");
        }
    }

    @Test
    void oneRequestsPerConnection() {
        try (Transport transport = new Transport(false, 1)) {
            TableRequests requests = new TableRequests(A, new SharedKeyLite(Target.DEV_ACCOUNT, Target.DEV_KEY));
            assertThatThrownBy(() -> new WorkloadContext(Sizes.quick(2), List.of(requests),
                    List.of(transport.connection(A), transport.connection(A)), new Checks(), "pt", "bt"))
                    .hasMessageContaining("one TableRequests per connection");
        }
    }

    private static String host(Request request) {
        try {
            String head = request.head().toString(StandardCharsets.US_ASCII);
            return head.lines().filter(l -> l.startsWith("Host: ")).findFirst().orElseThrow().substring(6);
        } finally {
            request.release();
        }
    }
}
