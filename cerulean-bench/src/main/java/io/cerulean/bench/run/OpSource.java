package io.cerulean.bench.run;

import java.util.SplittableRandom;

/** Hands out a workload's operations. Called concurrently from every worker's event loop. */
@FunctionalInterface
public interface OpSource {
    /**
     * The next operation for this worker, or null when the worker has nothing more to do (a
     * counted load is complete, or this worker owns no entities).
     *
     * @param worker 0 .. workers-1, stable for the worker's connection
     * @param random the worker's own generator
     */
    Op next(int worker, SplittableRandom random);
}
