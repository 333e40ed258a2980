package io.cerulean.http.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.message.AzureResponse;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {
    private enum Operation { GET_THING, PUT_THING, DELETE_THING }

    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicInteger named = new AtomicInteger();
    private final RequestMetrics metrics = new RequestMetrics(registry, "table", operation -> {
        named.incrementAndGet();
        return ((Operation) operation).name().toLowerCase();
    });

    private double count(String operation, String statusClass) {
        Timer timer = registry.find(MeterNames.REQUESTS).tags("service", "table", "operation", operation,
                "status_class", statusClass).timer();
        return timer == null ? 0 : timer.count();
    }

    private double errors(String operation, String code) {
        Counter counter = registry.find(MeterNames.ERRORS).tags("operation", operation, "error_code", code).counter();
        return counter == null ? 0 : counter.count();
    }

    private void answer(Object operation, AzureResponse response) {
        metrics.started();
        metrics.of(operation).answered(1_000_000, response, 10, 20);
    }

    @Test
    void eachAnswerCountsInItsStatusClassAndAnErrorByItsCode() {
        answer(Operation.GET_THING, AzureResponse.status(200));
        answer(Operation.GET_THING, AzureResponse.status(304));
        answer(Operation.GET_THING, AzureResponse.status(404).header("x-ms-error-code", "ResourceNotFound"));
        answer(Operation.GET_THING, AzureResponse.status(503).header("x-ms-error-code", "ServerBusy"));
        answer(Operation.GET_THING, AzureResponse.status(500));
        answer(Operation.GET_THING, AzureResponse.noAnswer());

        assertThat(count("get_thing", "2xx")).isEqualTo(1);
        assertThat(count("get_thing", "3xx")).isEqualTo(1);
        assertThat(count("get_thing", "4xx")).isEqualTo(1);
        assertThat(count("get_thing", "5xx")).isEqualTo(2);
        assertThat(errors("get_thing", "ResourceNotFound")).isEqualTo(1);
        assertThat(errors("get_thing", "ServerBusy")).isEqualTo(1);
        assertThat(errors("get_thing", "None")).isEqualTo(1);
        assertThat(registry.find(MeterNames.ERRORS).counters()).hasSize(3);
        assertThat(registry.get(MeterNames.IN_FLIGHT).gauge().value()).isZero();
        assertThat(registry.get(MeterNames.RECEIVED).counter().count()).isEqualTo(50); // not the dropped one
    }

    @Test
    void anOperationIsNamedOnceAndFoundAgainByItsOrdinal() {
        OperationMeters delete = metrics.of(Operation.DELETE_THING);
        OperationMeters get = metrics.of(Operation.GET_THING);
        assertThat(metrics.of(Operation.DELETE_THING)).isSameAs(delete);
        assertThat(metrics.of(Operation.GET_THING)).isSameAs(get);
        assertThat(get.operation()).isEqualTo("get_thing");
        assertThat(named).hasValue(2);
        assertThat(metrics.of(RequestMetrics.UNKNOWN)).isSameAs(metrics.of(RequestMetrics.UNKNOWN));
    }

    @Test
    void requestsInFlightAreThoseStartedAndNotYetAnswered() {
        metrics.started();
        metrics.started();
        assertThat(registry.get(MeterNames.IN_FLIGHT).tag("service", "table").gauge().value()).isEqualTo(2);
        metrics.of(Operation.PUT_THING).answered(1, AzureResponse.status(201), 0, 0);
        assertThat(registry.get(MeterNames.IN_FLIGHT).gauge().value()).isEqualTo(1);
        metrics.of(RequestMetrics.UNKNOWN).refused(0, AzureResponse.status(413), 0, 0); // never in flight
        assertThat(registry.get(MeterNames.IN_FLIGHT).gauge().value()).isEqualTo(1);
    }

    @Test
    void aStreamedBodyIsCountedAsItArrives() {
        OperationMeters put = metrics.of(Operation.PUT_THING);
        int[] written = new int[1];
        var sink = put.counting(new io.cerulean.http.message.BodySink() {
            @Override
            public void write(ByteBuffer piece) {
                written[0] += piece.remaining();
                piece.position(piece.limit());
            }

            @Override
            public void close() {
            }
        });
        sink.write(ByteBuffer.allocate(1000));
        sink.write(ByteBuffer.allocate(24));
        assertThat(written[0]).isEqualTo(1024);
        assertThat(registry.get(MeterNames.RECEIVED).tag("operation", "put_thing").counter().count()).isEqualTo(1024);
    }
}
