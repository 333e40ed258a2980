package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Rounds of concurrent writes to a Blob server process on RocksDB, each ended by {@code kill -9} at
 * a random moment, then a restart on the same data directory and a check of what the restarted
 * server serves against what was acknowledged. The check also takes what it found as where the next
 * round's writers start from, so a write the kill cut, which may or may not have landed, is settled
 * before anyone writes over it.
 *
 * <p>Clients make no retries: a request is sent once, and a 2xx answer is an acknowledgement.
 */
final class KillRounds {
    /** Writes until killed, records what was acknowledged, and checks a restarted server against it. */
    interface Workload {
        /** Once, on the first server: containers, service properties. */
        void prepare(BlobServiceClient service);

        /**
         * Writer {@code writer}'s loop: one request at a time until one fails, counting each
         * acknowledged one in {@code acknowledged}; returns the failure, or null if it stopped as
         * {@code killed} was set.
         */
        RuntimeException write(BlobServiceClient service, int writer, Random random, AtomicBoolean killed,
                               AtomicInteger acknowledged);

        /** Checks the restarted server; {@code context} describes both processes for the messages. */
        void check(BlobServiceClient service, String context);
    }

    private final Path dataDir;
    private final String[] args;
    private final int writers;

    KillRounds(Path dataDir, int writers, String... args) {
        this.dataDir = dataDir;
        this.writers = writers;
        this.args = args;
    }

    /**
     * {@code rounds} rounds of {@code workload}: each kills the server once at least {@code minAcks}
     * writes were acknowledged, plus a random delay of up to {@code maxExtraMillis}.
     */
    void run(Workload workload, int rounds, int minAcks, int maxExtraMillis) throws InterruptedException {
        long seed = System.nanoTime();
        System.out.printf("kill rounds in %s: seed %d%n", dataDir.getFileName(), seed);
        Random random = new Random(seed);
        ServerProcess server = start();
        try {
            workload.prepare(service(server));
            for (int round = 0; round < rounds; round++) {
                String before = round(server, workload, random, minAcks, maxExtraMillis, seed, round);
                server = start();
                workload.check(service(server), "\nseed " + seed + ", round " + round + "\nbefore the kill:\n"
                        + before.indent(2) + "after the restart:" + server.describe());
            }
            assertThat(server.output()).doesNotContain("ERROR");
        } finally {
            server.close();
        }
    }

    /** One round: writers until the kill; returns the killed server's output. */
    private String round(ServerProcess server, Workload workload, Random random, int minAcks, int maxExtraMillis,
                         long seed, int round) throws InterruptedException {
        BlobServiceClient service = service(server);
        AtomicBoolean killed = new AtomicBoolean();
        AtomicInteger acknowledged = new AtomicInteger();
        ConcurrentLinkedQueue<String> failuresBeforeKill = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            Random own = new Random(seed * 31 + round * 1009L + w);
            Thread thread = new Thread(() -> {
                RuntimeException failure = workload.write(service, writer, own, killed, acknowledged);
                if (failure != null && !killed.get()) {
                    failuresBeforeKill.add("writer " + writer + ": " + failure);
                }
            }, "kill-round-writer-" + w);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (acknowledged.get() < minAcks && failuresBeforeKill.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Thread.sleep(random.nextInt(maxExtraMillis + 1)); // the moment of the kill, not a wait for anything
        killed.set(true);
        server.kill();
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(thread.isAlive()).as("%s stopped after the kill", thread.getName()).isFalse();
        }
        assertThat(failuresBeforeKill).as("requests that failed while the server was up%s", server.describe())
                .isEmpty();
        assertThat(acknowledged.get()).as("writes acknowledged in round %d", round).isGreaterThanOrEqualTo(minAcks);
        System.out.printf("round %d: %d writes acknowledged before the kill%n", round, acknowledged.get());
        return server.output();
    }

    private ServerProcess start() {
        return ServerProcess.launch().dataDir(dataDir).args(args).start();
    }

    static BlobServiceClient service(ServerProcess server) {
        return new BlobServiceClientBuilder().connectionString(server.blobConnectionString())
                .clientOptions(ServerProcess.fastFailing())
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, Duration.ofSeconds(15), null, null,
                        null))
                .buildClient();
    }
}
