package io.cerulean.it.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Cerulean;
import io.cerulean.app.Cerulean.Service;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.Space;
import io.cerulean.storage.StoreUnavailableException;
import io.cerulean.storage.StoredValue;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /$health/ready} when the store cannot do its part: RocksDB refusing writes (its own cap on
 * the space of table files, the path a full disk takes), a store that hangs, and many balancers
 * polling at once. Live stays 200 throughout: the process still serves.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ReadinessFailuresTest {
    private static final Duration WITHIN = Duration.ofSeconds(60);

    @TempDir
    Path dataDir;

    @Test
    void rocksDbThatCannotWriteIsNotReadyWithItsReasonAndReadyAgainOnceItCan() throws InterruptedException {
        try (RocksDbKeyValueStore store = RocksDbKeyValueStore.open(dataDir, RocksDbKeyValueStore.MIN_CACHE_BYTES);
             Cerulean cerulean = Cerulean.builder().store(store).port(0).start()) {
            int port = cerulean.port(Service.BLOB);
            assertThat(HealthHttp.get(port, "/$health/ready").statusCode()).isEqualTo(200);

            store.limitTableFiles(1);
            fillUntilRefused(store);
            HttpResponse<String> refused = HealthHttp.awaitStatus(port, "/$health/ready", 503, WITHIN);
            System.out.println("ready while RocksDB cannot write: " + refused.statusCode() + " " + refused.body());
            assertThat(refused.statusCode()).as("ready: %s", refused.body()).isEqualTo(503);
            assertThat(refused.body()).startsWith("{\"status\":\"not ready\",\"store\":\"RocksDB\","
                    + "\"reason\":\"RocksDB cannot write: ").contains("Max allowed space was reached");
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(HealthHttp.get(port, "/$health/live").statusCode()).as("live").isEqualTo(200);
            assertThat(cerulean.ready()).isFalse();

            store.limitTableFiles(0); // RocksDB resumes writing by itself once there is room
            HttpResponse<String> recovered = HealthHttp.awaitStatus(port, "/$health/ready", 200, WITHIN);
            assertThat(recovered.statusCode()).as("ready again: %s", recovered.body()).isEqualTo(200);
        }
    }

    /** Large writes until RocksDB refuses one: its memtable fills, its flush passes the cap, and writes stop. */
    private static void fillUntilRefused(RocksDbKeyValueStore store) {
        Space space = KeySpaces.TABLE_ENTITIES.instance(1_000_000);
        Random random = new Random(7);
        byte[] payload = new byte[256 * 1024];
        for (int i = 0; i < 200; i++) {
            random.nextBytes(payload);
            try {
                store.commit(space, ("fill-" + i).getBytes(StandardCharsets.US_ASCII),
                        List.of(RecordMutation.put(new byte[0], StoredValue.of(1, payload), Precondition.NONE)));
            } catch (StoreUnavailableException e) {
                return;
            }
        }
        throw new AssertionError("RocksDB took 50 MB of writes past a cap of one byte");
    }

    @Test
    void aStoreThatHangsIsNotReadyAtTheBoundNotNever() throws InterruptedException {
        CountDownLatch released = new CountDownLatch(1);
        HangingStore store = new HangingStore(new MemoryKeyValueStore(), released);
        try (Cerulean cerulean = Cerulean.builder().store(store).port(0).start()) {
            try {
                int port = cerulean.port();
                assertThat(HealthHttp.get(port, "/$health/ready").statusCode()).isEqualTo(200);

                store.hang = true;
                HttpResponse<String> hung = HealthHttp.awaitStatus(port, "/$health/ready", 503, WITHIN);
                assertThat(hung.statusCode()).as("ready: %s", hung.body()).isEqualTo(503);
                assertThat(hung.body()).contains("\"reason\":\"the store did not answer within 2 s\"");
                // Once that report is a second old, the probe still under way is not started again.
                HttpResponse<String> still = awaitBody(port, "has not answered for ");
                System.out.println("ready while the store hangs: " + hung.body() + ", then " + still.body());
                assertThat(still.statusCode()).isEqualTo(503);
                assertThat(still.body()).contains("\"reason\":\"the store has not answered for ");
                assertThat(HealthHttp.get(port, "/$health/live").statusCode()).as("live").isEqualTo(200);
                assertThat(store.probeWrites.get()).as("probe writes begun").isEqualTo(2);

                store.hang = false;
                released.countDown();
                HttpResponse<String> recovered = HealthHttp.awaitStatus(port, "/$health/ready", 200, WITHIN);
                assertThat(recovered.statusCode()).as("ready again: %s", recovered.body()).isEqualTo(200);
            } finally {
                released.countDown();
            }
        } finally {
            store.store().close();
        }
    }

    private static HttpResponse<String> awaitBody(int port, String phrase) throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        HttpResponse<String> response = HealthHttp.get(port, "/$health/ready");
        while (!response.body().contains(phrase) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            response = HealthHttp.get(port, "/$health/ready");
        }
        return response;
    }

    @Test
    void fiftyBalancersPollingAtOnceCauseAFewProbes() {
        CountingStore store = new CountingStore(new MemoryKeyValueStore());
        try (Cerulean cerulean = Cerulean.builder().store(store).port(0).start()) {
            List<CompletableFuture<HttpResponse<String>>> polls = new ArrayList<>();
            Service[] services = Service.values();
            for (int i = 0; i < 50; i++) {
                polls.add(HealthHttp.sendAsync("GET", cerulean.port(services[i % services.length]),
                        "/$health/ready"));
            }
            for (CompletableFuture<HttpResponse<String>> poll : polls) {
                assertThat(poll.join().statusCode()).isEqualTo(200);
            }
            assertThat(store.probeWrites.get()).as("probe writes for 50 polls").isBetween(1, 5);
        } finally {
            store.store().close();
        }
    }

    private static boolean isProbe(Space space, byte[] partition) {
        return space.equals(KeySpaces.SERVER_STATE.single())
                && new String(partition, StandardCharsets.US_ASCII).startsWith("health:");
    }

    /** A fault injector: the probe's writes wait, while {@link #hang} is set, until released. */
    private static final class HangingStore extends ForwardingKeyValueStore {
        private final CountDownLatch released;
        final AtomicInteger probeWrites = new AtomicInteger();
        volatile boolean hang;

        HangingStore(KeyValueStore store, CountDownLatch released) {
            super(store);
            this.released = released;
        }

        KeyValueStore store() {
            return store;
        }

        @Override
        public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
            if (isProbe(space, partition) && !mutations.get(0).isDelete()) {
                probeWrites.incrementAndGet();
            }
            if (hang && isProbe(space, partition)) {
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new StoreUnavailableException("interrupted", e);
                }
            }
            return super.commit(space, partition, mutations);
        }
    }

    /** Counts the probe's writes, and forwards everything. */
    private static final class CountingStore extends ForwardingKeyValueStore {
        final AtomicInteger probeWrites = new AtomicInteger();

        CountingStore(KeyValueStore store) {
            super(store);
        }

        KeyValueStore store() {
            return store;
        }

        @Override
        public CommitOutcome commit(Space space, byte[] partition, List<RecordMutation> mutations) {
            if (isProbe(space, partition) && !mutations.get(0).isDelete()) {
                probeWrites.incrementAndGet();
            }
            return super.commit(space, partition, mutations);
        }
    }
}
