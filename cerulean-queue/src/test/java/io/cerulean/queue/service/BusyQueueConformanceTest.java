package io.cerulean.queue.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.storage.ForwardingKeyValueStore;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordKey;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.Space;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A busy queue, on every store: Get Messages reads from past the messages already taken and
 * deleted rather than over them, and a message written behind where reads last stopped (by this
 * server or another) is found all the same. Each store's test extends this class.
 */
public abstract class BusyQueueConformanceTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final String QUEUE = "busy";
    private static final Optional<Duration> WEEK = Optional.of(Expiry.DEFAULT_TIME_TO_LIVE);
    private static final Duration HIDDEN = Duration.ofSeconds(30);

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T10:00:00Z"));
    private KeyValueStore store;
    private ScanRecorder recorder;

    /** A new, empty store. */
    protected abstract KeyValueStore newStore();

    @BeforeEach
    void open() {
        store = newStore();
        recorder = new ScanRecorder(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private QueueService service(boolean exclusive) {
        QueueService service = new QueueService(recorder, clock, exclusive);
        service.createQueue(ACCOUNT, QUEUE, QueueMetadata.NONE);
        return service;
    }

    /**
     * The rows of messages taken and deleted are gone, but a store steps over each deletion a scan
     * meets until it compacts them away: a Get Messages that read from each bucket's start would
     * step over every message taken before it. It reads from where the last read of the bucket
     * found its first message, so at most that one deleted row a bucket; and of a queue with a
     * backlog it reads only the buckets that can hold the first message.
     */
    @ParameterizedTest(name = "exclusive={0}")
    @ValueSource(booleans = {true, false})
    void getMessagesReadsFromPastTheMessagesAlreadyTakenAndDeleted(boolean exclusive) {
        QueueService queues = service(exclusive);
        List<RecordKey> deleted = new ArrayList<>();
        List<QueueMessage> put = new ArrayList<>();
        for (int i = 0; i < 320; i++) {
            put.add(queues.putMessage(ACCOUNT, QUEUE, "m" + i, Duration.ZERO, WEEK));
        }
        clock.advance(Duration.ofMinutes(1)); // on a shared store reads start no later than a margin before now
        for (int i = 0; i < 160; i++) {
            QueueMessage taken = queues.getMessages(ACCOUNT, QUEUE, 1, HIDDEN).get(0);
            assertThat(taken.text()).isEqualTo("m" + i);
            queues.deleteMessage(ACCOUNT, QUEUE, taken.messageId(), taken.popReceipt());
            deleted.add(rowOf(put.get(i)));
        }

        recorder.ranges.clear();
        assertThat(queues.getMessages(ACCOUNT, QUEUE, 1, HIDDEN)).extracting(QueueMessage::text).containsExactly("m160");

        assertThat(recorder.ranges).as("buckets read: the one the last message was taken from, and the one holding the next")
                .hasSizeBetween(1, 2);
        long stepped = deleted.stream().filter(row -> recorder.ranges.stream().anyMatch(r -> r.contains(row))).count();
        assertThat(stepped).as("deleted message rows inside the ranges read, of %d", deleted.size())
                .isLessThanOrEqualTo(recorder.ranges.size());
    }

    /** An update that makes a message visible at once puts it behind where the last Get stopped reading. */
    @ParameterizedTest(name = "exclusive={0}")
    @ValueSource(booleans = {true, false})
    void aMessageMadeVisibleAgainAfterAGetFoundNoneIsFound(boolean exclusive) {
        QueueService queues = service(exclusive);
        queues.putMessage(ACCOUNT, QUEUE, "only", Duration.ZERO, WEEK);
        QueueMessage taken = queues.getMessages(ACCOUNT, QUEUE, 1, HIDDEN).get(0);
        assertThat(queues.getMessages(ACCOUNT, QUEUE, 1, HIDDEN)).isEmpty();
        queues.updateMessage(ACCOUNT, QUEUE, taken.messageId(), taken.popReceipt(), Duration.ZERO, Optional.empty());
        assertThat(queues.getMessages(ACCOUNT, QUEUE, 1, HIDDEN)).extracting(QueueMessage::text).containsExactly("only");
    }

    /**
     * Two services on one store, as two servers on a cluster, the writer's clock a second behind
     * the reader's: the reader, having found the queue empty, finds what the other puts.
     */
    @ParameterizedTest(name = "put with a delay of {0} ms")
    @ValueSource(ints = {0, 1})
    void aMessageAnotherServerPutsIsFoundByOneThatFoundNone(int delayMillis) {
        QueueService reader = service(false);
        ManualClock behind = new ManualClock(clock.instant().minusSeconds(1));
        QueueService writer = new QueueService(recorder, behind);
        assertThat(reader.getMessages(ACCOUNT, QUEUE, 1, HIDDEN)).isEmpty();
        writer.putMessage(ACCOUNT, QUEUE, "from the other", Duration.ofMillis(delayMillis), WEEK);
        clock.advance(Duration.ofMillis(delayMillis));
        assertThat(reader.getMessages(ACCOUNT, QUEUE, 1, HIDDEN)).extracting(QueueMessage::text)
                .containsExactly("from the other");
    }

    /**
     * Producers and consumers on one server at once, every message put in the same millisecond (the
     * clock stands still): each is taken exactly once, and none is left behind where reads stopped.
     */
    @ParameterizedTest(name = "exclusive={0}")
    @ValueSource(booleans = {true, false})
    void producersAndConsumersAtOnceTakeEveryMessageOnce(boolean exclusive) throws Exception {
        QueueService queues = service(exclusive);
        int producers = 4;
        int perProducer = 400;
        Set<String> seen = ConcurrentHashMap.newKeySet();
        List<String> twice = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger producing = new AtomicInteger(producers);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(producers + 4);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                int producer = p;
                running.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perProducer; i++) {
                        queues.putMessage(ACCOUNT, QUEUE, producer + "-" + i, Duration.ZERO, WEEK);
                    }
                    producing.decrementAndGet();
                    return null;
                }));
            }
            for (int c = 0; c < 4; c++) {
                int batch = 1 + c;
                running.add(pool.submit(() -> {
                    start.await();
                    while (true) {
                        boolean done = producing.get() == 0;
                        List<QueueMessage> got = queues.getMessages(ACCOUNT, QUEUE, batch, Duration.ofHours(1));
                        if (got.isEmpty() && done) {
                            return null;
                        }
                        for (QueueMessage message : got) {
                            if (!seen.add(message.text())) {
                                twice.add(message.text());
                            }
                            queues.deleteMessage(ACCOUNT, QUEUE, message.messageId(), message.popReceipt());
                        }
                    }
                }));
            }
            start.countDown();
            for (Future<?> task : running) {
                task.get(2, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(twice).isEmpty();
        assertThat(seen).hasSize(producers * perProducer);
        assertThat(queues.properties(ACCOUNT, QUEUE).approximateMessageCount()).isZero();
    }

    /**
     * A message put while a Get Messages reads its bucket, after the read began (and so, on a store
     * that reads a snapshot, unseen by it): that read must not move where the next one starts past it.
     */
    @ParameterizedTest(name = "exclusive={0}")
    @ValueSource(booleans = {true, false})
    void aMessagePutWhileAGetReadsItsBucketIsFoundByTheNext(boolean exclusive) {
        QueueService queues = service(exclusive);
        int put = 0;
        for (int round = 0; round < 6; round++) {
            recorder.duringScan = () -> queues.putMessage(ACCOUNT, QUEUE, "racing", Duration.ZERO, WEEK);
            int before = recorder.ranges.size();
            List<QueueMessage> first = queues.getMessages(ACCOUNT, QUEUE, 32, HIDDEN);
            recorder.duringScan = null;
            put += recorder.ranges.size() - before;
            int taken = first.size();
            for (List<QueueMessage> got = first; !got.isEmpty(); taken += got.size()) {
                got = queues.getMessages(ACCOUNT, QUEUE, 32, HIDDEN);
            }
            assertThat(taken).as("messages taken, round %d", round).isEqualTo(put);
            put = 0;
        }
    }

    /** Where a message put with {@code answer} lies: its row in its bucket. */
    private static RecordKey rowOf(QueueMessage answer) {
        UUID id = UUID.fromString(answer.messageId());
        MessageLayout.Position position = PopReceipt.decode(answer.popReceipt()).orElseThrow().position();
        return new RecordKey(MessageLayout.bucket(MessageLayout.bucketOf(id)),
                MessageLayout.messageRow(position.visibleAt(), position.sequence(), id));
    }

    /** The store, noting the range of every scan of a queue's messages. */
    private static final class ScanRecorder extends ForwardingKeyValueStore {
        final List<RecordRange> ranges = Collections.synchronizedList(new ArrayList<>());
        /** Run once the scan's cursor is open, then forgotten; null for none. */
        volatile Runnable duringScan;

        ScanRecorder(KeyValueStore store) {
            super(store);
        }

        @Override
        public RecordCursor scan(Space space, RecordRange range) {
            if (space.keySpace().equals(KeySpaces.QUEUE_MESSAGES)) {
                ranges.add(range);
            }
            RecordCursor cursor = super.scan(space, range);
            Runnable hook = duringScan;
            if (hook != null && space.keySpace().equals(KeySpaces.QUEUE_MESSAGES)) {
                hook.run();
            }
            return cursor;
        }
    }
}
