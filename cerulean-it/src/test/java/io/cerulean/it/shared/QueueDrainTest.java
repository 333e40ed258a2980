package io.cerulean.it.shared;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.app.Cerulean;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.store.rocksdb.RocksDbKeyValueStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The guide's workers on one queue: sixteen consumers, half on each of two servers sharing one
 * store, drain ten thousand messages through the Java SDK. Every message is processed, and none is
 * handed out twice: the visibility timeout outlasts the test, so a second hand-out would be one
 * while the message was invisible. On memory and RocksDB the two servers share the store in one
 * process; on Cassandra ({@code -Dcerulean.it.store=CASSANDRA}) they share the cluster.
 */
class QueueDrainTest {
    private static final int MESSAGES = 10_000;
    private static final int CONSUMERS = 16;
    private static final Duration INVISIBLE_FOR = Duration.ofMinutes(10);

    @ParameterizedTest
    @EachStore
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void sixteenConsumersOnTwoServersDrainTenThousandMessages(ServerFixture fixture) throws Exception {
        try (TwoServers servers = TwoServers.start(fixture)) {
            String name = "drain" + System.nanoTime() % 1_000_000;
            queue(servers.a(), name).create();
            ExecutorService pool = Executors.newFixedThreadPool(CONSUMERS);
            try {
                AtomicInteger next = new AtomicInteger();
                List<Future<?>> producers = new ArrayList<>();
                for (int p = 0; p < CONSUMERS; p++) {
                    QueueClient queue = queue(p % 2 == 0 ? servers.a() : servers.b(), name);
                    producers.add(pool.submit(() -> {
                        for (int i; (i = next.getAndIncrement()) < MESSAGES; ) {
                            queue.sendMessage("m" + i);
                        }
                    }));
                }
                for (Future<?> producer : producers) {
                    producer.get(5, TimeUnit.MINUTES);
                }
                assertThat(queue(servers.a(), name).getProperties().getApproximateMessagesCount()).isEqualTo(MESSAGES);

                Map<String, Integer> handedOut = new ConcurrentHashMap<>();
                ConcurrentLinkedQueue<String> twice = new ConcurrentLinkedQueue<>();
                Set<String> processed = ConcurrentHashMap.newKeySet();
                List<Future<?>> consumers = new ArrayList<>();
                for (int c = 0; c < CONSUMERS; c++) {
                    QueueClient queue = queue(c % 2 == 0 ? servers.a() : servers.b(), name);
                    consumers.add(pool.submit(() -> {
                        for (int emptyInARow = 0; emptyInARow < 3; ) {
                            List<QueueMessageItem> taken = queue.receiveMessages(32, INVISIBLE_FOR, null, Context.NONE)
                                    .stream().toList();
                            emptyInARow = taken.isEmpty() ? emptyInARow + 1 : 0;
                            for (QueueMessageItem message : taken) {
                                if (handedOut.merge(message.getMessageText(), 1, Integer::sum) > 1) {
                                    twice.add(message.getMessageText() + " (dequeue count " + message.getDequeueCount()
                                            + ")");
                                }
                                queue.deleteMessage(message.getMessageId(), message.getPopReceipt());
                                processed.add(message.getMessageText());
                            }
                        }
                    }));
                }
                for (Future<?> consumer : consumers) {
                    consumer.get(5, TimeUnit.MINUTES);
                }
                assertThat(twice).as("messages handed out twice while invisible").isEmpty();
                assertThat(processed).hasSize(MESSAGES);
                assertThat(queue(servers.b(), name).getProperties().getApproximateMessagesCount()).isZero();
                assertThat(queue(servers.b(), name).peekMessages(32, null, null)).isEmpty();
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static QueueClient queue(Cerulean server, String name) {
        return new QueueClientBuilder().connectionString(server.connectionString()).queueName(name).buildClient();
    }

    /** Two servers on one store: a store shared in this process, or this run's Cassandra cluster. */
    private record TwoServers(Cerulean a, Cerulean b, AutoCloseable store, Path dir) implements AutoCloseable {
        static TwoServers start(ServerFixture fixture) throws IOException {
            if (fixture == ServerFixture.CASSANDRA) {
                ServerFixture.RunningServer a = fixture.start();
                ServerFixture.RunningServer b = fixture.start();
                return new TwoServers(a.cerulean(), b.cerulean(), () -> { }, null);
            }
            Path dir = fixture == ServerFixture.ROCKSDB ? Files.createTempDirectory("cerulean-drain") : null;
            KeyValueStore store = dir != null ? RocksDbKeyValueStore.open(dir) : new MemoryKeyValueStore();
            return new TwoServers(Cerulean.builder().store(store).port(0).start(),
                    Cerulean.builder().store(store).port(0).start(), store, dir);
        }

        @Override
        public void close() throws Exception {
            a.close();
            b.close();
            store.close();
            if (dir != null) {
                try (Stream<Path> paths = Files.walk(dir)) {
                    paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }
}
