package io.cerulean.table.time;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.storage.state.Lease;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HybridClockTest {
    /** A lease kept in a field, as a store would keep it. */
    private static final class FieldLease implements Lease {
        long mark = Long.MIN_VALUE;
        int stores;

        @Override
        public long load() {
            return mark;
        }

        @Override
        public void raise(long ticks) {
            mark = ticks;
            stores++;
        }
    }

    @Test
    void ticksStrictlyIncreaseWhenTheWallClockStandsStill() {
        HybridClock clock = new HybridClock(() -> 1000, new FieldLease());
        assertThat(clock.nextTicks()).isEqualTo(1000);
        assertThat(clock.nextTicks()).isEqualTo(1001);
        assertThat(clock.nextTicks()).isEqualTo(1002);
    }

    @Test
    void ticksNeverGoBackwardsWhenTheWallClockDoes() {
        AtomicLong wall = new AtomicLong(5000);
        HybridClock clock = new HybridClock(wall::get, new FieldLease());
        long first = clock.nextTicks();
        wall.set(10);
        assertThat(clock.nextTicks()).isGreaterThan(first);
    }

    @Test
    void aRestartedClockStartsAboveEverythingIssuedBeforeEvenIfTheWallClockWentBack() {
        FieldLease lease = new FieldLease();
        AtomicLong wall = new AtomicLong(1_000_000_000L);
        HybridClock before = new HybridClock(wall::get, lease);
        long last = 0;
        for (int i = 0; i < 1000; i++) {
            last = before.nextTicks();
        }
        wall.set(0);
        HybridClock after = new HybridClock(wall::get, lease);
        assertThat(after.nextTicks()).isGreaterThan(last);
        assertThat(lease.stores).isEqualTo(2);
    }

    @Test
    void concurrentCallersNeverShareATick() throws Exception {
        HybridClock clock = new HybridClock(() -> 42, new FieldLease());
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    seen.add(clock.nextTicks());
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(seen).hasSize(80_000);
    }

    /** A version another server's clock issued ahead of this one: the tick comes after it, and so do later ones. */
    @Test
    void aTickAfterAnObservedVersionIsGreaterAndSoAreLaterOnes() {
        FieldLease lease = new FieldLease();
        HybridClock clock = new HybridClock(() -> 1000, lease);
        assertThat(clock.nextTicksAfter(5_000)).isEqualTo(5_001);
        assertThat(clock.nextTicks()).isEqualTo(5_002);
        assertThat(clock.nextTicksAfter(10)).isEqualTo(5_003);
        assertThat(lease.mark).isGreaterThan(5_003);
    }
}
