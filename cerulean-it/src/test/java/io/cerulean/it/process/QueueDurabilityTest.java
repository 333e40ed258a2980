package io.cerulean.it.process;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.models.QueueMessageItem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Queue service promises about its messages when the process is killed: producers put
 * and consumers take and delete messages on RocksDB until {@code kill -9}; after a restart every
 * acknowledged put is there unless its deletion was sent, no message whose deletion was
 * acknowledged is back, nothing appears that was never sent, and a message taken before the kill
 * keeps its dequeue count.
 */
class QueueDurabilityTest {
    private static final int PRODUCERS = 8;
    private static final int CONSUMERS = 4;
    /** Short, so that messages taken but not deleted before the kill are visible again soon after the restart. */
    private static final Duration VISIBILITY = Duration.ofSeconds(2);

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void acknowledgedPutsAndDeletesSurviveKill9() throws Exception {
        Path dataDir = temp.resolve("queue-durability-data");
        Set<String> attemptedPuts = ConcurrentHashMap.newKeySet();
        Set<String> acknowledgedPuts = ConcurrentHashMap.newKeySet();
        Set<String> attemptedDeletes = ConcurrentHashMap.newKeySet();
        Set<String> acknowledgedDeletes = ConcurrentHashMap.newKeySet();
        Set<String> abandoned = ConcurrentHashMap.newKeySet(); // taken once and left to come back
        ConcurrentLinkedQueue<String> failuresBeforeKill = new ConcurrentLinkedQueue<>();
        AtomicLong killedAt = new AtomicLong(Long.MAX_VALUE);
        String serverOutput;

        try (ServerProcess server = ServerProcess.launch().dataDir(dataDir).start()) {
            queue(server).create();
            CountDownLatch going = new CountDownLatch(PRODUCERS + CONSUMERS);
            List<Thread> threads = new ArrayList<>();
            for (int p = 0; p < PRODUCERS; p++) {
                int producer = p;
                QueueClient queue = queue(server);
                threads.add(new Thread(() -> {
                    for (long i = 0; killedAt.get() == Long.MAX_VALUE; i++) {
                        String text = "p" + producer + "-" + i;
                        attemptedPuts.add(text);
                        try {
                            queue.sendMessage(text);
                            acknowledgedPuts.add(text);
                            going.countDown();
                        } catch (RuntimeException e) {
                            if (killedAt.get() == Long.MAX_VALUE) {
                                failuresBeforeKill.add(text + ": " + e);
                            }
                            return;
                        }
                    }
                }, "producer-" + p));
            }
            for (int c = 0; c < CONSUMERS; c++) {
                QueueClient queue = queue(server);
                threads.add(new Thread(() -> {
                    while (killedAt.get() == Long.MAX_VALUE) {
                        try {
                            for (QueueMessageItem message : queue.receiveMessages(32, VISIBILITY, null, Context.NONE)) {
                                String text = message.getMessageText();
                                if (text.hashCode() % 10 == 0 && abandoned.add(text)) {
                                    continue; // taken and left: it must come back with its dequeue count
                                }
                                attemptedDeletes.add(text);
                                queue.deleteMessage(message.getMessageId(), message.getPopReceipt());
                                acknowledgedDeletes.add(text);
                            }
                            going.countDown();
                        } catch (RuntimeException e) {
                            if (killedAt.get() == Long.MAX_VALUE) {
                                failuresBeforeKill.add("consumer: " + e);
                            }
                            return;
                        }
                    }
                }, "consumer-" + c));
            }
            threads.forEach(t -> {
                t.setDaemon(true);
                t.start();
            });
            assertThat(going.await(60, TimeUnit.SECONDS)).as("producers and consumers got going%s", server.describe())
                    .isTrue();
            Thread.sleep(1500); // not a wait for a condition: the point is to keep them busy for a while
            killedAt.set(System.nanoTime());
            server.kill();
            serverOutput = server.output();
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(30));
                assertThat(thread.isAlive()).as("%s stopped after the kill", thread.getName()).isFalse();
            }
        }
        assertThat(failuresBeforeKill).as("requests that failed while the server was up").isEmpty();
        System.out.printf("queue kill-9: %d puts acknowledged, %d deletes acknowledged, %d abandoned%n",
                acknowledgedPuts.size(), acknowledgedDeletes.size(), abandoned.size());

        try (ServerProcess restarted = ServerProcess.launch().dataDir(dataDir).start()) {
            Thread.sleep(VISIBILITY.toMillis() + 200); // until what was taken before the kill is visible again
            QueueClient queue = queue(restarted);
            Map<String, Long> stored = new HashMap<>();
            for (List<QueueMessageItem> page; !(page = receive(queue)).isEmpty(); ) {
                for (QueueMessageItem message : page) {
                    assertThat(stored.put(message.getMessageText(), message.getDequeueCount()))
                            .as("%s handed out twice by one drain", message.getMessageText()).isNull();
                }
            }
            String context = "\nbefore the kill:\n" + serverOutput.indent(2) + "after the restart:" + restarted.describe();
            List<String> lost = acknowledgedPuts.stream()
                    .filter(text -> !attemptedDeletes.contains(text) && !stored.containsKey(text)).sorted().toList();
            List<String> back = acknowledgedDeletes.stream().filter(stored::containsKey).sorted().toList();
            List<String> neverSent = stored.keySet().stream().filter(text -> !attemptedPuts.contains(text)).toList();
            assertThat(lost).as("acknowledged puts lost%s", context).isEmpty();
            assertThat(back).as("acknowledged deletes undone%s", context).isEmpty();
            assertThat(neverSent).as("messages never sent%s", context).isEmpty();
            for (String text : abandoned) {
                if (!attemptedDeletes.contains(text) && stored.containsKey(text)) {
                    assertThat(stored.get(text)).as("dequeue count of %s, taken once before the kill", text)
                            .isGreaterThanOrEqualTo(2);
                }
            }
        }
    }

    private static List<QueueMessageItem> receive(QueueClient queue) {
        return queue.receiveMessages(32, Duration.ofMinutes(5), Duration.ofSeconds(15), Context.NONE).stream().toList();
    }

    private static QueueClient queue(ServerProcess server) {
        return new QueueClientBuilder().connectionString(server.queueConnectionString()).queueName("durable")
                .clientOptions(ServerProcess.fastFailing())
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, Duration.ofSeconds(15), null, null, null))
                .buildClient();
    }
}
