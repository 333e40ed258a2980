package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * That the process starts and serves, and (as a figure, not an assertion) how long that takes:
 * a wall-clock bound would fail whenever the machine is busy, which says nothing about Cerulean.
 * The start's cost is measured apart, with the launcher and the opt-in figures below.
 */
class StartupTimeTest {
    @TempDir
    Path temp;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void startsAndServesOnAnEmptyDataDirectory() {
        int port = ServerProcess.freePort();
        String connectionString = ServerProcess.connectionString("http://127.0.0.1:" + port,
                ServerProcess.DEV_ACCOUNT, ServerProcess.DEV_KEY);
        var service = ServerProcess.serviceClient(connectionString);
        warmUp(() -> service.listTables().stream().count());

        try (ServerProcess server = ServerProcess.launch().dataDir(temp.resolve("cerulean-proc-startup-empty"))
                .port(port).spawn()) {
            long millis = untilFirstSuccess(server, () -> service.listTables().stream().count());
            System.out.println("startup-ms empty=" + millis);
            assertThat(service.listTables().stream().count()).as("tables of a new data directory%s",
                    server.describe()).isZero();
            service.createTable("started");
            assertThat(service.listTables().stream().map(t -> t.getName())).containsExactly("started");
        }
    }

    /** For the release notes: start-up on a data directory with 100,000 entities. */
    @Test
    @Tag("figures")
    @EnabledIfSystemProperty(named = "cerulean.figures", matches = "true")
    @Timeout(value = 900, unit = TimeUnit.SECONDS)
    void startupWithOneHundredThousandEntities() throws InterruptedException {
        int entities = 100_000;
        int writers = 16;
        Path dataDir = temp.resolve("cerulean-proc-startup-loaded");
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).start()) {
            server.serviceClient().createTable("loaded");
            TableClient table = server.tableClient("loaded");
            AtomicInteger next = new AtomicInteger();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            long started = System.nanoTime();
            for (int w = 0; w < writers; w++) {
                Thread thread = new Thread(() -> {
                    for (int i; (i = next.getAndIncrement()) < entities && failures.isEmpty(); ) {
                        try {
                            table.createEntityWithResponse(loadedEntity(i), Duration.ofSeconds(30), Context.NONE);
                        } catch (RuntimeException e) {
                            failures.add(e);
                        }
                    }
                }, "loader-" + w);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            assertThat(failures).as("failed inserts%s", server.describe()).isEmpty();
            long loadMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            System.out.println("load-ms " + loadMillis + " entities=" + entities + " ("
                    + (entities * 1000L / Math.max(1, loadMillis)) + "/s)");
            server.terminate(ServerProcess.EXIT_TIMEOUT);
        }

        int port = ServerProcess.freePort();
        TableClient table = ServerProcess.tableClient(ServerProcess.connectionString("http://127.0.0.1:" + port,
                ServerProcess.DEV_ACCOUNT, ServerProcess.DEV_KEY), "loaded");
        warmUp(() -> table.getEntity("p0", "00000000"));
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).port(port).spawn()) {
            TableEntity last = loadedEntity(entities - 1);
            long millis = untilFirstSuccess(server, () -> table.getEntity(last.getPartitionKey(), last.getRowKey()));
            System.out.println("startup-ms loaded=" + millis + " entities=" + entities);
            assertThat(table.getEntity(last.getPartitionKey(), last.getRowKey()).getProperty("Seq"))
                    .isEqualTo((long) (entities - 1));
            assertThat(table.listEntities().stream().count()).isEqualTo(entities);
        }
    }

    private static TableEntity loadedEntity(int i) {
        return new TableEntity("p" + (i % 100), String.format("%08d", i))
                .addProperty("Seq", (long) i)
                .addProperty("Name", "entity number " + i)
                .addProperty("Score", i * 0.5)
                .addProperty("Active", i % 3 == 0)
                .addProperty("Payload", "x".repeat(100));
    }

    /** Loads the SDK's classes (the request fails: nothing listens yet) so they are not timed. */
    private static void warmUp(Supplier<?> request) {
        for (int i = 0; i < 3; i++) {
            try {
                request.get();
            } catch (RuntimeException expected) {
                // Connection refused.
            }
        }
    }

    /** Milliseconds from the process start to the first request that succeeds. */
    private static long untilFirstSuccess(ServerProcess server, Supplier<?> request) {
        long deadline = server.startedNanos() + ServerProcess.START_TIMEOUT.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try {
                request.get();
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - server.startedNanos());
            } catch (RuntimeException e) {
                last = e;
            }
            if (!server.isAlive()) {
                throw new AssertionError("the server exited" + server.describe(), last);
            }
            try {
                Thread.sleep(5); // polling for the port to open
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no successful request within " + ServerProcess.START_TIMEOUT + server.describe(),
                last);
    }
}
