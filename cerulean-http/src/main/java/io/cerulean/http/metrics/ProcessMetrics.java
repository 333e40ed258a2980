package io.cerulean.http.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.netty.buffer.ByteBufAllocatorMetric;
import io.netty.buffer.PooledByteBufAllocator;

/**
 * The JVM's and the process's meters, bound once per server: heap and other memory pools, GC pauses,
 * threads, classes, CPU, uptime, open file descriptors (Micrometer's binders, {@code jvm_*},
 * {@code process_*}, {@code system_*}), and the memory Netty's pooled allocator holds for connections
 * ({@code cerulean_netty_direct_memory_bytes}, {@code cerulean_netty_heap_memory_bytes}). No host or
 * instance label: the scraper adds its own. Closing it stops listening for GC events.
 */
public final class ProcessMetrics implements AutoCloseable {
    private final JvmGcMetrics gc = new JvmGcMetrics();

    private ProcessMetrics(MeterRegistry registry) {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        ByteBufAllocatorMetric netty = PooledByteBufAllocator.DEFAULT.metric();
        Gauge.builder("cerulean.netty.direct.memory", netty, ByteBufAllocatorMetric::usedDirectMemory)
                .strongReference(true).baseUnit("bytes").description("direct memory Netty's pooled allocator holds").register(registry);
        Gauge.builder("cerulean.netty.heap.memory", netty, ByteBufAllocatorMetric::usedHeapMemory)
                .strongReference(true).baseUnit("bytes").description("heap memory Netty's pooled allocator holds").register(registry);
    }

    /** Binds the meters to {@code registry}. */
    public static ProcessMetrics bindTo(MeterRegistry registry) {
        return new ProcessMetrics(registry);
    }

    @Override
    public void close() {
        gc.close();
    }
}
