package io.cerulean.http.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ReadinessTest {
    private static final Duration LONG = Duration.ofHours(1);

    /** A probe that counts its runs, waits until released, then answers {@code failure}. */
    private static final class HeldProbe implements Readiness.Probe {
        final AtomicInteger runs = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);
        volatile Optional<String> failure = Optional.empty();

        @Override
        public Optional<String> run() {
            runs.incrementAndGet();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return failure;
        }
    }

    private static Readiness serving(Readiness.Probe probe, Duration bound, Duration reusedFor) {
        Readiness readiness = new Readiness("RocksDB", probe, bound, reusedFor, Clock.systemUTC());
        readiness.serving();
        return readiness;
    }

    @Test
    void manyAskingAtOnceShareOneProbeAndItsReport() {
        HeldProbe probe = new HeldProbe();
        try (Readiness readiness = serving(probe, LONG, LONG)) {
            List<CompletableFuture<ReadinessReport>> answers = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                answers.add(readiness.check());
            }
            probe.release.countDown();
            answers.forEach(answer -> assertThat(answer.join().ready()).isTrue());
            assertThat(readiness.check().join().ready()).as("reused").isTrue();
            assertThat(probe.runs).as("probes run").hasValue(1);
        }
    }

    @Test
    void aReportOlderThanItsReuseIsProbedAgainAndSaysWhatFailed() {
        HeldProbe probe = new HeldProbe();
        probe.release.countDown();
        try (Readiness readiness = serving(probe, LONG, Duration.ZERO)) {
            assertThat(readiness.check().join().ready()).isTrue();
            probe.failure = Optional.of("RocksDB cannot write: disk full");
            ReadinessReport report = readiness.check().join();
            assertThat(report.ready()).isFalse();
            assertThat(report.reason()).isEqualTo("RocksDB cannot write: disk full");
            assertThat(probe.runs).hasValue(2);
        }
    }

    @Test
    void aHungStoreIsNotReadyAtTheBoundAndIsNotProbedAgainUntilItAnswers() {
        HeldProbe probe = new HeldProbe();
        try (Readiness readiness = serving(probe, Duration.ofMillis(100), Duration.ZERO)) {
            ReadinessReport first = readiness.check().join();
            assertThat(first.ready()).isFalse();
            assertThat(first.reason()).isEqualTo("RocksDB did not answer within 0.1 s");
            ReadinessReport second = readiness.check().join();
            assertThat(second.ready()).isFalse();
            assertThat(second.reason()).startsWith("RocksDB has not answered for ");
            assertThat(probe.runs).as("probes run while the first hangs").hasValue(1);

            probe.release.countDown();
            ReadinessReport after = null;
            for (int i = 0; i < 1000 && (after == null || !after.ready()); i++) {
                after = readiness.check().join();
            }
            assertThat(after.ready()).as("ready once the store answers: %s", after).isTrue();
        }
    }

    @Test
    void notReadyWhileStartingNorOnceClosing() {
        HeldProbe probe = new HeldProbe();
        probe.release.countDown();
        Readiness readiness = new Readiness("memory", probe, LONG, LONG, Clock.systemUTC());
        assertThat(readiness.check().join().reason()).isEqualTo("the server is starting");
        readiness.serving();
        assertThat(readiness.check().join().ready()).isTrue();
        readiness.closing();
        assertThat(readiness.check().join().reason()).isEqualTo("the server is closing");
        readiness.close();
        assertThat(probe.runs).hasValue(1);
    }
}
