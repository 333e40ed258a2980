package io.cerulean.queue.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.layout.QueueCatalog;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueInfo;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.StoredValue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Queue service's semantics, run on every store: each store's test extends this class and
 * says how to make a fresh store. Time is a {@link ManualClock}: visibility and expiry are tested
 * without sleeping.
 */
public abstract class QueueServiceConformanceTest {
    protected static final String ACCOUNT = "devstoreaccount1";
    private static final Duration NO_DELAY = Duration.ZERO;
    private static final Optional<Duration> WEEK = Optional.of(Expiry.DEFAULT_TIME_TO_LIVE);

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T10:00:00Z"));
    protected KeyValueStore store;
    private QueueService queues;

    /** A new, empty store. */
    protected abstract KeyValueStore newStore();

    /** The store {@code closed} held, opened again; empty for a store that keeps nothing once closed. */
    protected Optional<KeyValueStore> reopen(KeyValueStore closed) {
        return Optional.empty();
    }

    @BeforeEach
    void open() {
        store = newStore();
        queues = new QueueService(store, clock);
        queues.createQueue(ACCOUNT, "work", QueueMetadata.NONE);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static void assertFails(ThrowingCallable call, ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(code));
    }

    private QueueMessage put(String text) {
        return queues.putMessage(ACCOUNT, "work", text, NO_DELAY, WEEK);
    }

    private List<String> texts(List<QueueMessage> messages) {
        return messages.stream().map(QueueMessage::text).toList();
    }

    @Test
    void createQueueIsCreatedThenAlreadyThereWithTheSameMetadataElseAConflict() {
        QueueMetadata metadata = new QueueMetadata(Map.of("Owner", "ops"));
        assertThat(queues.createQueue(ACCOUNT, "orders", metadata)).isEqualTo(QueueService.Creation.CREATED);
        assertThat(queues.createQueue(ACCOUNT, "orders", new QueueMetadata(Map.of("owner", "ops"))))
                .as("names compared without regard to case").isEqualTo(QueueService.Creation.ALREADY_THERE);
        assertFails(() -> queues.createQueue(ACCOUNT, "orders", new QueueMetadata(Map.of("Owner", "OPS"))),
                QueueError.QUEUE_ALREADY_EXISTS);
        assertFails(() -> queues.createQueue(ACCOUNT, "orders", QueueMetadata.NONE), QueueError.QUEUE_ALREADY_EXISTS);
        assertThat(queues.properties(ACCOUNT, "orders").metadata().pairs()).containsExactly(Map.entry("Owner", "ops"));
    }

    @Test
    void queueNamesAreCheckedAsTheServiceDoes() {
        assertFails(() -> queues.createQueue(ACCOUNT, "ab", QueueMetadata.NONE), CommonError.OUT_OF_RANGE_INPUT);
        assertFails(() -> queues.createQueue(ACCOUNT, "a".repeat(64), QueueMetadata.NONE), CommonError.OUT_OF_RANGE_INPUT);
        for (String bad : List.of("My_Queue", "MyQueue", "a--b", "-abc", "abc-")) {
            assertFails(() -> queues.createQueue(ACCOUNT, bad, QueueMetadata.NONE), CommonError.INVALID_RESOURCE_NAME);
        }
        assertThat(queues.createQueue(ACCOUNT, "a-1-b", QueueMetadata.NONE)).isEqualTo(QueueService.Creation.CREATED);
        assertThat(queues.createQueue(ACCOUNT, "a".repeat(63), QueueMetadata.NONE)).isEqualTo(QueueService.Creation.CREATED);
    }

    /** The instance holding the queue's messages now, as its catalogue row names it. */
    private long messagesInstance(String name) {
        StoredValue row = store.get(QueueCatalog.SPACE, QueueCatalog.partition(ACCOUNT), QueueCatalog.queueRow(name))
                .orElseThrow();
        return QueueCatalog.messagesInstance(row.bytes(), StoredValue.HEADROOM, row.payloadLength());
    }

    private boolean holdsRecords(long messagesInstance) {
        try (RecordCursor cursor = store.scan(MessageLayout.space(messagesInstance), RecordRange.all())) {
            return cursor.advance();
        }
    }

    @Test
    void aDeletedQueueTakesItsMessagesAndANewOneOfThatNameIsEmpty() {
        put("one");
        long instance = messagesInstance("work");
        assertThat(holdsRecords(instance)).isTrue();
        queues.deleteQueue(ACCOUNT, "work");
        assertThat(holdsRecords(instance)).as("its messages dropped").isFalse();
        assertFails(() -> queues.deleteQueue(ACCOUNT, "work"), QueueError.QUEUE_NOT_FOUND);
        assertFails(() -> put("two"), QueueError.QUEUE_NOT_FOUND);
        assertFails(() -> queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30)), QueueError.QUEUE_NOT_FOUND);
        queues.createQueue(ACCOUNT, "work", QueueMetadata.NONE);
        assertThat(queues.peekMessages(ACCOUNT, "work", 32)).isEmpty();
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).isZero();
    }

    @Test
    void metadataIsReplacedWhole() {
        queues.setMetadata(ACCOUNT, "work", new QueueMetadata(Map.of("A", "1", "B", "2")));
        queues.setMetadata(ACCOUNT, "work", new QueueMetadata(Map.of("C", "3")));
        assertThat(queues.properties(ACCOUNT, "work").metadata().pairs()).containsExactly(Map.entry("C", "3"));
        queues.setMetadata(ACCOUNT, "work", QueueMetadata.NONE);
        assertThat(queues.properties(ACCOUNT, "work").metadata().pairs()).isEmpty();
        assertFails(() -> queues.setMetadata(ACCOUNT, "nosuch", QueueMetadata.NONE), QueueError.QUEUE_NOT_FOUND);
    }

    @Test
    void queuesAreListedInNameOrderByPrefixAPageAtATime() {
        for (String name : List.of("beta", "alpha-2", "alpha-1", "gamma")) {
            queues.createQueue(ACCOUNT, name, new QueueMetadata(Map.of("n", name)));
        }
        queues.createQueue("otheraccount", "alpha-3", QueueMetadata.NONE);
        QueueService.QueueList first = queues.listQueues(ACCOUNT, "", Optional.empty(), 2);
        assertThat(first.queues()).extracting(QueueInfo::name).containsExactly("alpha-1", "alpha-2");
        assertThat(first.nextMarker()).contains("beta");
        QueueService.QueueList second = queues.listQueues(ACCOUNT, "", first.nextMarker(), 10);
        assertThat(second.queues()).extracting(QueueInfo::name).containsExactly("beta", "gamma", "work");
        assertThat(second.nextMarker()).isEmpty();
        assertThat(queues.listQueues(ACCOUNT, "alpha", Optional.empty(), 10).queues())
                .extracting(q -> q.metadata().pairs().get("n")).containsExactly("alpha-1", "alpha-2");
        assertThat(queues.listQueues(ACCOUNT, "zeta", Optional.empty(), 10).queues()).isEmpty();
    }

    @Test
    void messagesComeOutInTheOrderTheyWerePut() {
        for (int i = 0; i < 40; i++) {
            put("m" + i);
        }
        List<String> got = new ArrayList<>();
        got.addAll(texts(queues.getMessages(ACCOUNT, "work", 32, Duration.ofSeconds(30))));
        got.addAll(texts(queues.getMessages(ACCOUNT, "work", 32, Duration.ofSeconds(30))));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            expected.add("m" + i);
        }
        assertThat(got).containsExactlyElementsOf(expected);
    }

    /** Two servers count their sequences apart: messages they put in one millisecond may share a position. */
    @Test
    void messagesOfTwoServersWithOnePositionAreBothHandedOut() {
        QueueService other = new QueueService(store, clock);
        put("from this server");
        other.putMessage(ACCOUNT, "work", "from the other", NO_DELAY, WEEK);
        assertThat(texts(queues.getMessages(ACCOUNT, "work", 32, Duration.ofSeconds(30))))
                .containsExactlyInAnyOrder("from this server", "from the other");
        assertThat(queues.getMessages(ACCOUNT, "work", 32, Duration.ofSeconds(30))).isEmpty();
    }

    /**
     * A server whose clock is behind puts a message further back than this server's reads of the
     * queue start: this server finds it late, within ten seconds, but finds it.
     */
    @Test
    void aMessageAnotherServerPutsBehindThisServersReadsIsFoundWithinTenSeconds() {
        QueueService behind = new QueueService(store, new ManualClock(clock.instant().minusSeconds(5)));
        assertThat(queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30))).isEmpty();
        behind.putMessage(ACCOUNT, "work", "from a clock behind", NO_DELAY, WEEK);
        List<QueueMessage> got = List.of();
        for (int second = 1; second <= 10 && got.isEmpty(); second++) {
            clock.advance(Duration.ofSeconds(1));
            got = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30));
        }
        assertThat(texts(got)).containsExactly("from a clock behind");
    }

    @Test
    void aMessageTakenIsInvisibleUntilItsTimeoutThenComesBackCountedWithANewReceipt() {
        QueueMessage put = put("hello");
        assertThat(put.dequeueCount()).isZero();
        QueueMessage first = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30)).get(0);
        assertThat(first.messageId()).isEqualTo(put.messageId());
        assertThat(first.dequeueCount()).isEqualTo(1);
        assertThat(first.popReceipt()).isNotEqualTo(put.popReceipt());
        assertThat(first.timeNextVisible()).isEqualTo(clock.instant().plusSeconds(30));
        assertThat(queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30))).isEmpty();
        assertThat(queues.peekMessages(ACCOUNT, "work", 1)).isEmpty();

        clock.advance(Duration.ofSeconds(29));
        assertThat(queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30))).isEmpty();
        clock.advance(Duration.ofSeconds(1));
        QueueMessage second = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30)).get(0);
        assertThat(second.dequeueCount()).isEqualTo(2);
        assertThat(second.text()).isEqualTo("hello");
        assertThat(second.insertionTime()).isEqualTo(put.insertionTime());

        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", put.messageId(), first.popReceipt()),
                QueueError.POP_RECEIPT_MISMATCH);
        queues.deleteMessage(ACCOUNT, "work", put.messageId(), second.popReceipt());
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", put.messageId(), second.popReceipt()),
                QueueError.MESSAGE_NOT_FOUND);
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).isZero();
    }

    @Test
    void aReceiptStaysGoodAfterTheTimeoutUntilTheMessageIsTakenAgain() {
        put("slow");
        QueueMessage taken = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(5)).get(0);
        clock.advance(Duration.ofSeconds(10));
        queues.deleteMessage(ACCOUNT, "work", taken.messageId(), taken.popReceipt());
        assertThat(queues.peekMessages(ACCOUNT, "work", 1)).isEmpty();
    }

    @Test
    void aMessagePutWithAVisibilityTimeoutAppearsOnlyAfterIt() {
        QueueMessage later = queues.putMessage(ACCOUNT, "work", "later", Duration.ofSeconds(60), WEEK);
        put("now");
        assertThat(later.timeNextVisible()).isEqualTo(clock.instant().plusSeconds(60));
        assertThat(texts(queues.peekMessages(ACCOUNT, "work", 32))).containsExactly("now");
        clock.advance(Duration.ofSeconds(60));
        assertThat(texts(queues.peekMessages(ACCOUNT, "work", 32))).containsExactly("now", "later");
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).isEqualTo(2);
    }

    @Test
    void peekChangesNothing() {
        QueueMessage put = put("look");
        QueueMessage peeked = queues.peekMessages(ACCOUNT, "work", 1).get(0);
        assertThat(peeked.dequeueCount()).isZero();
        assertThat(queues.peekMessages(ACCOUNT, "work", 1).get(0).dequeueCount()).isZero();
        queues.deleteMessage(ACCOUNT, "work", put.messageId(), put.popReceipt()); // the put's receipt still holds
        assertThat(queues.peekMessages(ACCOUNT, "work", 1)).isEmpty();
    }

    @Test
    void anUpdateChangesTextAndVisibilityKeepsTheCountAndRetiresTheOldReceipt() {
        put("draft");
        QueueMessage taken = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30)).get(0);
        QueueService.UpdatedMessage updated = queues.updateMessage(ACCOUNT, "work", taken.messageId(),
                taken.popReceipt(), Duration.ZERO, Optional.of("final"));
        assertThat(updated.timeNextVisible()).isEqualTo(clock.instant());
        assertFails(() -> queues.updateMessage(ACCOUNT, "work", taken.messageId(), taken.popReceipt(), Duration.ZERO,
                Optional.empty()), QueueError.POP_RECEIPT_MISMATCH);
        QueueMessage peeked = queues.peekMessages(ACCOUNT, "work", 1).get(0);
        assertThat(peeked.text()).isEqualTo("final");
        assertThat(peeked.dequeueCount()).isEqualTo(1);
        assertThat(peeked.expirationTime()).isEqualTo(taken.expirationTime());

        // The same visibility again, in the same millisecond: the receipt still changes.
        QueueService.UpdatedMessage again = queues.updateMessage(ACCOUNT, "work", taken.messageId(),
                updated.popReceipt(), Duration.ZERO, Optional.empty());
        assertThat(again.popReceipt()).isNotEqualTo(updated.popReceipt());
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", taken.messageId(), updated.popReceipt()),
                QueueError.POP_RECEIPT_MISMATCH);
        assertThat(queues.peekMessages(ACCOUNT, "work", 1).get(0).text()).isEqualTo("final");
    }

    @Test
    void expiredMessagesAreNeverReturnedAndCannotBeDeletedOrUpdated() {
        QueueMessage brief = queues.putMessage(ACCOUNT, "work", "brief", NO_DELAY, Optional.of(Duration.ofSeconds(10)));
        QueueMessage forever = queues.putMessage(ACCOUNT, "work", "forever", NO_DELAY, Optional.empty());
        assertThat(brief.expirationTime()).isEqualTo(clock.instant().plusSeconds(10));
        assertThat(forever.expirationTime()).isEqualTo(Expiry.NEVER);
        clock.advance(Duration.ofSeconds(10));
        assertThat(texts(queues.peekMessages(ACCOUNT, "work", 32))).containsExactly("forever");
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", brief.messageId(), brief.popReceipt()),
                QueueError.MESSAGE_NOT_FOUND);
        assertFails(() -> queues.updateMessage(ACCOUNT, "work", brief.messageId(), brief.popReceipt(), NO_DELAY,
                Optional.empty()), QueueError.MESSAGE_NOT_FOUND);
        assertThat(texts(queues.getMessages(ACCOUNT, "work", 32, Duration.ofSeconds(30)))).containsExactly("forever");
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).as("the expired one removed").isEqualTo(1);
    }

    @Test
    void unknownIdsAndReceiptsAreAnsweredAsTheServiceDoes() {
        QueueMessage put = put("x");
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", "not-a-guid", put.popReceipt()), QueueError.MESSAGE_NOT_FOUND);
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", java.util.UUID.randomUUID().toString(), put.popReceipt()),
                QueueError.MESSAGE_NOT_FOUND);
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", put.messageId(), "AgAAAAMAAAAAAAAA"), QueueError.POP_RECEIPT_MISMATCH);
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", put.messageId(), "%%%"), QueueError.POP_RECEIPT_MISMATCH);
        PopReceipt issued = PopReceipt.decode(put.popReceipt()).orElseThrow();
        String otherVersion = new PopReceipt(issued.position(), issued.version() + 1).encode();
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", put.messageId(), otherVersion), QueueError.POP_RECEIPT_MISMATCH);
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", put.messageId().toUpperCase() + "0", put.popReceipt()),
                QueueError.MESSAGE_NOT_FOUND);
        assertFails(() -> queues.deleteMessage(ACCOUNT, "nosuch", put.messageId(), put.popReceipt()), QueueError.QUEUE_NOT_FOUND);
        assertThat(queues.peekMessages(ACCOUNT, "work", 1)).hasSize(1);
    }

    @Test
    void anUpdateMayNotHideAMessagePastItsExpiry() {
        queues.putMessage(ACCOUNT, "work", "brief", NO_DELAY, Optional.of(Duration.ofSeconds(60)));
        QueueMessage taken = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(5)).get(0);
        assertFails(() -> queues.updateMessage(ACCOUNT, "work", taken.messageId(), taken.popReceipt(),
                Duration.ofSeconds(61), Optional.empty()), CommonError.INVALID_QUERY_PARAMETER_VALUE);
        queues.updateMessage(ACCOUNT, "work", taken.messageId(), taken.popReceipt(), Duration.ofSeconds(60), Optional.empty());
    }

    /** Expired messages in queues no one reads are removed by a sweep, in every account; live ones stay. */
    @Test
    void aSweepRemovesExpiredMessagesFromEveryQueue() {
        queues.createQueue("other", "idle", QueueMetadata.NONE);
        for (int i = 0; i < 20; i++) {
            queues.putMessage(ACCOUNT, "work", "brief" + i, NO_DELAY, Optional.of(Duration.ofSeconds(5)));
            queues.putMessage("other", "idle", "brief" + i, NO_DELAY, Optional.of(Duration.ofSeconds(5)));
        }
        put("live");
        QueueMessage hidden = queues.putMessage(ACCOUNT, "work", "hidden", Duration.ofSeconds(60),
                Optional.of(Duration.ofSeconds(90)));
        assertThat(queues.sweepExpired()).as("nothing has expired yet").isZero();
        clock.advance(Duration.ofSeconds(5));
        assertThat(queues.sweepExpired()).isEqualTo(40);
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).isEqualTo(2);
        assertThat(queues.properties("other", "idle").approximateMessageCount()).isZero();
        assertThat(texts(queues.peekMessages(ACCOUNT, "work", 32))).containsExactly("live");
        assertThat(queues.sweepExpired()).as("a second sweep finds nothing more").isZero();
        clock.advance(Duration.ofSeconds(90));
        assertThat(queues.sweepExpired()).as("the invisible one, once visible and expired").isEqualTo(1);
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", hidden.messageId(), hidden.popReceipt()),
                QueueError.MESSAGE_NOT_FOUND);
    }

    /** Many messages expired at the head of the queue: Get removes them in batches and finds the live one behind. */
    @Test
    void aGetLooksPastManyExpiredMessages() {
        for (int i = 0; i < 2_000; i++) {
            queues.putMessage(ACCOUNT, "work", "old" + i, NO_DELAY, Optional.of(Duration.ofSeconds(1)));
        }
        clock.advance(Duration.ofSeconds(1));
        put("live");
        assertThat(texts(queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30)))).containsExactly("live");
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).as("the expired ones removed").isEqualTo(1);
    }

    @Test
    void clearsAndMetadataChangesAtOnceAllCompleteAndAClearKeepsTheMetadata() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> changes = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                int n = i;
                changes.add(pool.submit(() -> {
                    if (n % 2 == 0) {
                        queues.clearMessages(ACCOUNT, "work");
                    } else {
                        queues.setMetadata(ACCOUNT, "work", new QueueMetadata(Map.of("n", Integer.toString(n))));
                    }
                    return null;
                }));
            }
            for (Future<?> change : changes) {
                change.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(queues.properties(ACCOUNT, "work").metadata().pairs()).containsKey("n");
        queues.setMetadata(ACCOUNT, "work", new QueueMetadata(Map.of("last", "set")));
        queues.clearMessages(ACCOUNT, "work");
        assertThat(queues.properties(ACCOUNT, "work").metadata().pairs()).as("a clear keeps the metadata set before it")
                .containsExactly(Map.entry("last", "set"));
    }

    @Test
    void clearTakesEveryMessageVisibleOrNotAndKeepsTheQueue() {
        queues.setMetadata(ACCOUNT, "work", new QueueMetadata(Map.of("kept", "yes")));
        put("a");
        queues.putMessage(ACCOUNT, "work", "hidden", Duration.ofHours(1), WEEK);
        QueueMessage taken = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30)).get(0);
        long instance = messagesInstance("work");
        queues.clearMessages(ACCOUNT, "work");
        assertThat(holdsRecords(instance)).as("the old messages dropped").isFalse();
        assertThat(messagesInstance("work")).isNotEqualTo(instance);
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).isZero();
        assertThat(queues.properties(ACCOUNT, "work").metadata().pairs()).containsEntry("kept", "yes");
        assertFails(() -> queues.deleteMessage(ACCOUNT, "work", taken.messageId(), taken.popReceipt()),
                QueueError.MESSAGE_NOT_FOUND);
        clock.advance(Duration.ofHours(2));
        assertThat(queues.peekMessages(ACCOUNT, "work", 32)).isEmpty();
        put("after");
        assertThat(texts(queues.peekMessages(ACCOUNT, "work", 32))).containsExactly("after");
    }

    @Test
    void aRestartKeepsEveryMessageWithItsCountVisibilityAndReceipt() {
        put("first");
        put("second");
        QueueMessage taken = queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(30)).get(0);
        queues.whenDurable().join();
        store.close();
        Optional<KeyValueStore> reopened = reopen(store);
        assumeTrue(reopened.isPresent(), "this store keeps nothing once closed");
        store = reopened.get();
        queues = new QueueService(store, clock);
        assertThat(texts(queues.peekMessages(ACCOUNT, "work", 32))).containsExactly("second");
        clock.advance(Duration.ofSeconds(30));
        List<QueueMessage> peeked = queues.peekMessages(ACCOUNT, "work", 32);
        assertThat(texts(peeked)).as("in the order they became visible").containsExactly("second", "first");
        assertThat(peeked.get(1).dequeueCount()).isEqualTo(1);
        queues.deleteMessage(ACCOUNT, "work", taken.messageId(), taken.popReceipt());
        assertThat(texts(queues.peekMessages(ACCOUNT, "work", 32))).containsExactly("second");
    }

    @Test
    void messageTextIsKeptExactly() {
        String text = "a\r\nb <&> \u00e9\u20ac\ud83d\ude00 " + "z".repeat(1000);
        put(text);
        assertThat(queues.getMessages(ACCOUNT, "work", 1, Duration.ofSeconds(1)).get(0).text()).isEqualTo(text);
    }

    /** Competing consumers, on two services over one store as on two servers: no message handed out twice. */
    @Test
    void concurrentConsumersOnTwoServersTakeEveryMessageOnce() throws Exception {
        QueueService other = new QueueService(store, clock);
        int messages = 1_000;
        for (int i = 0; i < messages; i++) {
            (i % 2 == 0 ? queues : other).putMessage(ACCOUNT, "work", "m" + i, NO_DELAY, WEEK);
        }
        Set<String> seen = ConcurrentHashMap.newKeySet();
        List<String> twice = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger deleted = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> consumers = new ArrayList<>();
            for (int c = 0; c < 8; c++) {
                QueueService service = c % 2 == 0 ? queues : other;
                consumers.add(pool.submit(() -> {
                    while (true) {
                        List<QueueMessage> got = service.getMessages(ACCOUNT, "work", 16, Duration.ofHours(1));
                        if (got.isEmpty()) {
                            return null;
                        }
                        for (QueueMessage message : got) {
                            if (!seen.add(message.text())) {
                                twice.add(message.text());
                            }
                            service.deleteMessage(ACCOUNT, "work", message.messageId(), message.popReceipt());
                            deleted.incrementAndGet();
                        }
                    }
                }));
            }
            for (Future<?> consumer : consumers) {
                consumer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(twice).isEmpty();
        assertThat(seen).hasSize(messages);
        assertThat(deleted.get()).isEqualTo(messages);
        assertThat(queues.properties(ACCOUNT, "work").approximateMessageCount()).isZero();
        assertThat(new HashSet<>(seen)).contains("m0", "m999");
    }
}
