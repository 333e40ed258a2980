package io.cerulean.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the pipeline benchmarks share: the store they run on, the {@link ServerFixture} their
 * set-up opens over it, the request thread's CPU printed after each iteration, and the closing.
 */
@State(Scope.Thread)
public abstract class PipelineBenchmark {
    @Param({"rocksdb"})
    public String store;

    protected ServerFixture server;

    @TearDown(Level.Iteration)
    public void reportCpu() {
        server.reportCpu();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        beforeClose();
        server.close();
    }

    /** What must finish before the server closes; nothing unless a benchmark leaves work in flight. */
    protected void beforeClose() {
    }
}
