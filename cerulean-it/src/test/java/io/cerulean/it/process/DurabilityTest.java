package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the process promises about its data when it is killed or stopped. */
class DurabilityTest {
    private static final int WRITERS = 16;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(15);

    @TempDir
    Path temp;

    /** What a writer sent, and whether and how the server acknowledged it. */
    private record Sent(Map<String, Object> properties, String etag) {
    }

    /** One writer's counter entity: the last value acknowledged and the one possibly in flight. */
    private static final class Counter {
        volatile long acknowledged;
        volatile String acknowledgedEtag;
        volatile long attempted;
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void acknowledgedWritesSurviveKill9() throws Exception {
        Path dataDir = temp.resolve("cerulean-proc-durability-data");
        Map<String, Sent> attempted = new ConcurrentHashMap<>();
        Map<String, Sent> acknowledged = new ConcurrentHashMap<>();
        Counter[] counters = new Counter[WRITERS];
        ConcurrentLinkedQueue<String> failuresBeforeKill = new ConcurrentLinkedQueue<>();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicLong killedAt = new AtomicLong(Long.MAX_VALUE);
        int inFlightAtKill;
        String serverOutput;

        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).start()) {
            server.serviceClient().createTable("durable");
            TableClient table = server.tableClient("durable");
            CountDownLatch writing = new CountDownLatch(WRITERS);
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                Counter counter = counters[w] = new Counter();
                Thread thread = new Thread(() -> {
                    for (long i = 0; killedAt.get() == Long.MAX_VALUE; i++) {
                        boolean upsert = i % 4 == 3;
                        String pk = upsert ? "counters" : "p" + writer;
                        String rk = upsert ? "c" + writer : String.format("%08d", i);
                        long value = counter.acknowledged + 1;
                        Map<String, Object> properties = upsert
                                ? counterProperties(writer, value) : insertProperties(writer, i);
                        TableEntity entity = entity(pk, rk, properties);
                        Sent sent = new Sent(comparable(properties), null);
                        if (upsert) {
                            counter.attempted = value;
                        } else {
                            attempted.put(pk + "/" + rk, sent);
                        }
                        inFlight.incrementAndGet();
                        try {
                            Response<Void> response = upsert
                                    ? table.upsertEntityWithResponse(entity, TableEntityUpdateMode.REPLACE,
                                            REQUEST_TIMEOUT, Context.NONE)
                                    : table.createEntityWithResponse(entity, REQUEST_TIMEOUT, Context.NONE);
                            String etag = response.getHeaders().getValue("ETag");
                            if (upsert) {
                                counter.acknowledgedEtag = etag;
                                counter.acknowledged = value;
                            } else {
                                acknowledged.put(pk + "/" + rk, new Sent(sent.properties(), etag));
                            }
                            writing.countDown();
                        } catch (RuntimeException e) {
                            if (System.nanoTime() < killedAt.get()) {
                                failuresBeforeKill.add(pk + "/" + rk + ": " + e);
                            }
                            if (killedAt.get() != Long.MAX_VALUE) {
                                return;
                            }
                        } finally {
                            inFlight.decrementAndGet();
                        }
                    }
                }, "writer-" + w);
                thread.setDaemon(true);
                writers.add(thread);
            }
            writers.forEach(Thread::start);
            assertThat(writing.await(60, TimeUnit.SECONDS))
                    .as("the writers got going (%d acknowledged)%s", acknowledged.size(), server.describe()).isTrue();
            Thread.sleep(1500); // not a wait for a condition: the point is to keep writing for a while
            inFlightAtKill = inFlight.get();
            killedAt.set(System.nanoTime());
            server.kill();
            serverOutput = server.output();
            for (Thread writer : writers) {
                writer.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(writer.isAlive()).as("%s stopped after the kill", writer.getName()).isFalse();
            }
        }

        assertThat(failuresBeforeKill).as("requests that failed while the server was up").isEmpty();
        assertThat(inFlightAtKill).as("requests in flight at the kill").isPositive();
        System.out.printf("kill-9: %d inserts acknowledged, %d attempted, %d in flight at the kill%n",
                acknowledged.size(), attempted.size(), inFlightAtKill);

        try (ServerProcess restarted = ServerProcess.launch().dataDir(dataDir).start()) {
            TableClient table = restarted.tableClient("durable");
            Map<String, TableEntity> stored = new HashMap<>();
            for (TableEntity entity : table.listEntities()) {
                stored.put(entity.getPartitionKey() + "/" + entity.getRowKey(), entity);
            }
            String context = "\nbefore the kill:\n" + serverOutput.indent(2) + "after the restart:"
                    + restarted.describe();

            List<String> lost = new ArrayList<>();
            List<String> changed = new ArrayList<>();
            acknowledged.forEach((key, sent) -> {
                TableEntity entity = stored.get(key);
                if (entity == null) {
                    lost.add(key);
                } else if (!sameEtag(sent.etag(), entity.getETag())
                        || !userProperties(entity).equals(sent.properties())) {
                    changed.add(key + ": acknowledged " + sent.etag() + " " + sent.properties() + ", read "
                            + entity.getETag() + " " + userProperties(entity));
                }
            });
            assertThat(lost).as("acknowledged inserts lost (of %d)%s", acknowledged.size(), context).isEmpty();
            assertThat(changed).as("acknowledged inserts read back differently%s", context).isEmpty();

            List<String> phantoms = new ArrayList<>();
            stored.forEach((key, entity) -> {
                if (key.startsWith("counters/")) {
                    return;
                }
                Sent sent = attempted.get(key);
                if (sent == null || !userProperties(entity).equals(sent.properties())) {
                    phantoms.add(key + " " + userProperties(entity));
                }
            });
            assertThat(phantoms).as("entities read back that no one wrote so%s", context).isEmpty();

            for (int w = 0; w < WRITERS; w++) {
                Counter counter = counters[w];
                TableEntity entity = stored.get("counters/c" + w);
                if (counter.acknowledged == 0) {
                    assertThat(entity == null || (Long) entity.getProperty("Value") == counter.attempted)
                            .as("counter %d was never acknowledged; read %s", w, entity == null ? null
                                    : userProperties(entity)).isTrue();
                    continue;
                }
                assertThat(entity).as("counter %d (acknowledged value %d) is gone%s", w, counter.acknowledged,
                        context).isNotNull();
                long value = (Long) entity.getProperty("Value");
                assertThat(value).as("counter %d: acknowledged %d, in flight %d", w, counter.acknowledged,
                        counter.attempted).isIn(counter.acknowledged, counter.attempted);
                assertThat(userProperties(entity)).isEqualTo(comparable(counterProperties(w, value)));
                if (value == counter.acknowledged) {
                    assertThat(sameEtag(counter.acknowledgedEtag, entity.getETag()))
                            .as("counter %d ETag: acknowledged %s, read %s", w, counter.acknowledgedEtag,
                                    entity.getETag()).isTrue();
                }
            }
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void sigtermStopsPromptlyAndKeepsTheData() {
        Path dataDir = temp.resolve("cerulean-proc-sigterm-data");
        Map<String, String> etags = new HashMap<>();
        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).start()) {
            server.serviceClient().createTable("kept");
            TableClient table = server.tableClient("kept");
            for (int i = 0; i < 20; i++) {
                TableEntity entity = entity("p", "r" + i, insertProperties(0, i));
                etags.put("r" + i, table.createEntityWithResponse(entity, REQUEST_TIMEOUT, Context.NONE)
                        .getHeaders().getValue("ETag"));
            }
            long before = System.nanoTime();
            ServerProcess.Exited exited = server.terminate(Duration.ofSeconds(15));
            long stopMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before);
            System.out.println("sigterm-stop-ms " + stopMillis);
            assertThat(stopMillis).as("time to stop after SIGTERM%s", server.describe()).isLessThan(10_000);
            assertThat(exited.code()).as("exit code after SIGTERM%s", server.describe()).isIn(0, 143);
            assertThat(exited.output()).as("the log says it stopped").containsIgnoringCase("stopping");
            assertThat(exited.output()).as("a clean stop logs no errors").doesNotContain("Exception", "ERROR");
        }
        try (ServerProcess restarted = ServerProcess.launch().dataDir(dataDir).start()) {
            assertThat(restarted.output()).as("a clean stop needs no recovery warnings")
                    .doesNotContain("Exception");
            TableClient table = restarted.tableClient("kept");
            for (int i = 0; i < 20; i++) {
                TableEntity entity = table.getEntity("p", "r" + i);
                assertThat(userProperties(entity)).isEqualTo(comparable(insertProperties(0, i)));
                assertThat(sameEtag(etags.get("r" + i), entity.getETag()))
                        .as("ETag of r%d: acknowledged %s, read %s", i, etags.get("r" + i), entity.getETag()).isTrue();
            }
            assertThat(restarted.serviceClient().listTables()).extracting(t -> t.getName()).containsExactly("kept");
        }
    }

    /**
     * Whether an ETag response header, as the SDK hands it over, names the same version as an
     * entity's {@code odata.etag}. The SDK's TableScrubEtagPolicy strips a leading and a trailing
     * {@code "} from the header (the server sends {@code W/"datetime'...'"} on the wire, the
     * caller sees {@code W/"datetime'...'}), so both are compared in that scrubbed form.
     */
    static boolean sameEtag(String header, String odataEtag) {
        return header != null && odataEtag != null && scrub(header).equals(scrub(odataEtag));
    }

    private static String scrub(String etag) {
        String s = etag.startsWith("\"") ? etag.substring(1) : etag;
        return s.endsWith("\"") ? s.substring(0, s.length() - 1) : s;
    }

    static TableEntity entity(String partitionKey, String rowKey, Map<String, Object> properties) {
        TableEntity entity = new TableEntity(partitionKey, rowKey);
        properties.forEach(entity::addProperty);
        return entity;
    }

    static Map<String, Object> insertProperties(int writer, long i) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("Writer", writer);
        properties.put("Seq", i);
        properties.put("Text", "entity " + i + " of writer " + writer + " ünïcødé");
        properties.put("Ratio", i / 7.0);
        properties.put("Flag", i % 2 == 0);
        properties.put("When", OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).plusSeconds(i));
        properties.put("Bytes", new byte[] {(byte) writer, (byte) i, (byte) (i >> 8)});
        return properties;
    }

    static Map<String, Object> counterProperties(int writer, long value) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("Writer", writer);
        properties.put("Value", value);
        return properties;
    }

    /** The properties a client set: no keys, Timestamp or OData annotations; byte arrays by content. */
    static Map<String, Object> userProperties(TableEntity entity) {
        Map<String, Object> properties = new LinkedHashMap<>();
        entity.getProperties().forEach((name, value) -> {
            if (!name.equals("PartitionKey") && !name.equals("RowKey") && !name.equals("Timestamp")
                    && !name.startsWith("odata.") && !name.contains("@odata.")) {
                properties.put(name, value instanceof byte[] b ? new Bytes(b) : value);
            }
        });
        return properties;
    }

    static Map<String, Object> comparable(Map<String, Object> properties) {
        Map<String, Object> result = new LinkedHashMap<>();
        properties.forEach((name, value) -> result.put(name, value instanceof byte[] b ? new Bytes(b) : value));
        return result;
    }

    /** A byte array with equality by content. */
    record Bytes(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes other && java.util.Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return java.util.Arrays.toString(bytes);
        }
    }
}
