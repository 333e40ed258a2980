package io.cerulean.it.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Cerulean;
import io.cerulean.app.Cerulean.Service;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.requestlog.RequestLogEntry;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * {@code /$health/live} and {@code /$health/ready} as a load balancer polls them: on every service's
 * port, without credentials, GET and HEAD alike, and never an account's request (not logged, not
 * counted as an operation).
 */
class HealthEndpointsTest {
    @ParameterizedTest
    @EachStore
    void liveAndReadyAnswer200OnEveryServicePort(ServerFixture store) {
        String storeName = switch (store) {
            case IN_MEMORY -> "memory";
            case ROCKSDB -> "RocksDB";
            case CASSANDRA -> "Cassandra";
        };
        try (ServerFixture.RunningServer server = store.start()) {
            Cerulean cerulean = server.cerulean();
            assertThat(cerulean.services()).containsExactlyInAnyOrder(Service.TABLE, Service.QUEUE, Service.BLOB);
            for (Service service : cerulean.services()) {
                int port = cerulean.port(service);
                HttpResponse<String> live = HealthHttp.get(port, "/$health/live");
                assertThat(live.statusCode()).as("%s live", service).isEqualTo(200);
                assertThat(live.body()).isEqualTo("{\"status\":\"live\"}");
                assertThat(live.headers().firstValue("Content-Type")).hasValue("application/json");
                assertThat(live.headers().firstValue("Cache-Control")).hasValue("no-store");

                HttpResponse<String> ready = HealthHttp.get(port, "/$health/ready");
                assertThat(ready.statusCode()).as("%s ready: %s", service, ready.body()).isEqualTo(200);
                assertThat(ready.body())
                        .startsWith("{\"status\":\"ready\",\"store\":\"" + storeName + "\",\"checked\":\"");
                assertThat(ready.headers().firstValue("Cache-Control")).hasValue("no-store");

                for (String path : List.of("/$health/live", "/$health/ready")) {
                    HttpResponse<String> head = HealthHttp.send("HEAD", port, path);
                    assertThat(head.statusCode()).as("%s HEAD %s", service, path).isEqualTo(200);
                    assertThat(head.body()).isEmpty();
                    assertThat(head.headers().firstValue("Content-Type")).hasValue("application/json");
                }
            }
            assertThat(cerulean.ready()).isTrue();
        }
    }

    @Test
    void anotherPathUnderHealthIs404AndAnotherMethod405() {
        try (ServerFixture.RunningServer server = ServerFixture.IN_MEMORY.start()) {
            for (Service service : server.cerulean().services()) {
                int port = server.cerulean().port(service);
                HttpResponse<String> other = HealthHttp.get(port, "/$health/other");
                assertThat(other.statusCode()).as("%s /$health/other", service).isEqualTo(404);
                assertThat(other.body()).contains("/$health/live").contains("/$health/ready");
                assertThat(HealthHttp.get(port, "/$health").statusCode()).isEqualTo(404);

                HttpResponse<String> post = HealthHttp.send("POST", port, "/$health/ready");
                assertThat(post.statusCode()).isEqualTo(405);
                assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
            }
        }
    }

    @Test
    void healthRequestsAreNeitherLoggedNorCountedAsRequests() {
        List<RequestLogEntry> logged = new CopyOnWriteArrayList<>();
        RequestLog log = new RequestLog() {
            @Override
            public void record(RequestLogEntry entry) {
                logged.add(entry);
            }

            @Override
            public void close() {
            }
        };
        try (ServerFixture.RunningServer server = ServerFixture.IN_MEMORY.start(builder -> builder.requestLog(log))) {
            int port = server.cerulean().port();
            long before = requestsCounted(HealthHttp.get(port, "/$metrics").body());
            for (int i = 0; i < 5; i++) {
                assertThat(HealthHttp.get(port, "/$health/live").statusCode()).isEqualTo(200);
                assertThat(HealthHttp.get(port, "/$health/ready").statusCode()).isEqualTo(200);
            }
            long after = requestsCounted(HealthHttp.get(port, "/$metrics").body());

            assertThat(after).as("requests counted: the first scrape, not the health checks").isEqualTo(before + 1);
            assertThat(logged).extracting(RequestLogEntry::path).containsOnly("/$metrics");
        }
    }

    /**
     * The requests {@code /$metrics} says were answered, over every series of the request timer: none
     * before the first answer, since an operation's series appear once it is answered.
     */
    private static long requestsCounted(String scrape) {
        Matcher count = Pattern.compile("(?m)^cerulean_requests_seconds_count(?:\\{[^}]*})? ([0-9.eE+]+)$")
                .matcher(scrape);
        double total = 0;
        while (count.find()) {
            total += Double.parseDouble(count.group(1));
        }
        return (long) total;
    }
}
