package io.cerulean.jmh;

import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.metrics.RequestMetrics;
import io.cerulean.table.rest.resource.TableRestOperation;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording one answer into the request metrics costs, in a Prometheus registry as the server
 * has it: one untagged timer ({@code singleTimer}, what the server recorded before the metrics were
 * labelled), against the histogram by service, operation and status class, with the bytes counted and
 * the request counted in and out of flight ({@code labelled}), and an error answer, which also finds its
 * error code's counter ({@code labelledError}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class RequestMetricsBenchmark {
    private Timer single;
    private RequestMetrics metrics;
    private final AzureResponse ok = AzureResponse.status(200).body("application/json", new byte[512]);
    private final AzureResponse notFound = AzureResponse.status(404).header("x-ms-request-id", "id")
            .header("x-ms-error-code", "ResourceNotFound").body("application/json", new byte[200]);
    private long nanos = 180_000;

    @Setup(Level.Trial)
    public void setUp() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        single = Timer.builder("cerulean.requests.single").register(registry);
        metrics = new RequestMetrics(registry, "table", route -> ((TableRestOperation) route).operationName());
    }

    @Benchmark
    public void singleTimer() {
        single.record(nextNanos(), TimeUnit.NANOSECONDS);
    }

    @Benchmark
    public void labelled() {
        metrics.started();
        metrics.of(TableRestOperation.GET_ENTITY).answered(nextNanos(), ok, 0, ok.bodyLength());
    }

    @Benchmark
    public void labelledError() {
        metrics.started();
        metrics.of(TableRestOperation.GET_ENTITY).answered(nextNanos(), notFound, 0,
                notFound.bodyLength());
    }

    /** A duration that moves across buckets, as real ones do. */
    private long nextNanos() {
        nanos = nanos * 3 % 1_000_000_007L;
        return nanos % 20_000_000L;
    }
}
