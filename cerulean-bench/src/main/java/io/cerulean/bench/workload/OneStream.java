package io.cerulean.bench.workload;

import io.cerulean.bench.run.Op;
import io.cerulean.bench.run.OpSource;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A source of exactly one operation, for the one-stream scans W6 and W8: run with one worker,
 * worker 0, whose connection goes to the first endpoint, the one the operation's table addresses.
 */
final class OneStream implements OpSource {
    private final Op op;
    private final AtomicBoolean taken = new AtomicBoolean();

    OneStream(Op op) {
        this.op = op;
    }

    @Override
    public Op next(int worker, java.util.SplittableRandom random) {
        return taken.compareAndSet(false, true) ? op : null;
    }
}
