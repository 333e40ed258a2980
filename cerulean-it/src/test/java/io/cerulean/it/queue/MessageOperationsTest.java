package io.cerulean.it.queue;

import static io.cerulean.it.queue.MessageTimes.assertApart;
import static io.cerulean.it.queue.MessageTimes.assertTakenBetween;
import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.azure.storage.queue.models.QueueMessageItem;
import com.azure.storage.queue.models.SendMessageResult;
import com.azure.storage.queue.models.UpdateMessageResult;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The life of a message through the SDK: Put Message (id, pop receipt and times), Get Messages (how
 * many, in which order, invisible for 30 s by default, counted, with a new receipt each time), Peek
 * Messages (which changes nothing and shows no receipt), Delete Message and Update Message (whose
 * receipts go stale), and Clear Messages. Every test runs on every store, as each of these reads or
 * changes stored state.
 */
class MessageOperationsTest {
    private static final Duration SEVEN_DAYS = Duration.ofDays(7);
    private static final QueueServers SERVERS = new QueueServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void sendReturnsTheIdAReceiptAndTheTimesOfTheMessage(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "send");

        Instant before = Instant.now();
        SendMessageResult sent = queue.sendMessage("hello");
        Instant after = Instant.now();

        assertThat(sent.getMessageId()).isNotBlank();
        assertThat(sent.getPopReceipt()).isNotBlank();
        assertTakenBetween(sent.getInsertionTime(), before, after, Duration.ZERO, "insertion time");
        assertApart(sent.getInsertionTime(), sent.getTimeNextVisible(), Duration.ZERO, "visible at once by default");
        assertApart(sent.getInsertionTime(), sent.getExpirationTime(), SEVEN_DAYS, "expires in 7 days by default");
        assertThat(queue.sendMessage("hello").getMessageId()).as("a second message's id").isNotEqualTo(sent.getMessageId());
    }

    @ParameterizedTest
    @EachStore
    void sendWithAVisibilityTimeoutAndATimeToLive(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "sendvt");

        SendMessageResult sent = queue.sendMessageWithResponse("later", Duration.ofSeconds(30), Duration.ofSeconds(120),
                null, Context.NONE).getValue();

        assertApart(sent.getInsertionTime(), sent.getTimeNextVisible(), Duration.ofSeconds(30), "next visible");
        assertApart(sent.getInsertionTime(), sent.getExpirationTime(), Duration.ofSeconds(120), "expiration");
        assertThat(queue.receiveMessage()).as("not visible for 30 s").isNull();
        assertThat(queue.peekMessages(32, null, Context.NONE)).as("peek sees only visible messages").isEmpty();
        assertThat(queue.getProperties().getApproximateMessagesCount()).isEqualTo(1);
    }

    @ParameterizedTest
    @EachStore
    void aTimeToLiveOfMinusOneNeverExpires(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "forever");

        SendMessageResult sent = queue.sendMessageWithResponse("forever", null, Duration.ofSeconds(-1), null,
                Context.NONE).getValue();

        assertThat(sent.getExpirationTime()).isEqualTo(MessageTimes.NEVER);
        assertThat(queue.peekMessage().getExpirationTime()).isEqualTo(MessageTimes.NEVER);
        assertThat(queue.receiveMessage().getExpirationTime()).isEqualTo(MessageTimes.NEVER);
    }

    @ParameterizedTest
    @EachStore
    void receiveHidesTheMessageFor30SecondsCountsItAndIssuesANewReceipt(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "recv");
        SendMessageResult sent = queue.sendMessage("work item");

        Instant before = Instant.now();
        QueueMessageItem received = queue.receiveMessage();
        Instant after = Instant.now();

        assertThat(received.getMessageId()).isEqualTo(sent.getMessageId());
        assertThat(received.getMessageText()).isEqualTo("work item");
        assertThat(received.getDequeueCount()).isEqualTo(1);
        assertThat(received.getPopReceipt()).isNotBlank().isNotEqualTo(sent.getPopReceipt());
        assertThat(received.getInsertionTime()).isEqualTo(sent.getInsertionTime());
        assertThat(received.getExpirationTime()).isEqualTo(sent.getExpirationTime());
        assertTakenBetween(received.getTimeNextVisible(), before, after, Duration.ofSeconds(30), "next visible");
        assertThat(queue.receiveMessage()).as("invisible after the receive").isNull();
    }

    @ParameterizedTest
    @EachStore
    void receiveTakesUpTo32MessagesInTheOrderTheyWereSent(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "fifo");
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            texts.add(String.format("message %02d", i));
            queue.sendMessage(texts.get(i));
        }

        assertThat(queue.receiveMessages(null).stream().map(QueueMessageItem::getMessageText))
                .as("one by default").containsExactly(texts.get(0));
        List<QueueMessageItem> first = queue.receiveMessages(32).stream().toList();
        List<QueueMessageItem> rest = queue.receiveMessages(32).stream().toList();

        assertThat(first).extracting(QueueMessageItem::getMessageText).containsExactlyElementsOf(texts.subList(1, 33));
        assertThat(rest).extracting(QueueMessageItem::getMessageText).containsExactlyElementsOf(texts.subList(33, 40));
        assertThat(first).extracting(QueueMessageItem::getDequeueCount).containsOnly(1L);
        assertThat(first).extracting(QueueMessageItem::getMessageId).doesNotHaveDuplicates();
        assertThat(queue.receiveMessages(32)).as("all taken").isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void peekChangesNothing(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "peek");
        SendMessageResult a = queue.sendMessage("a");
        SendMessageResult b = queue.sendMessage("b");

        List<PeekedMessageItem> peeked = queue.peekMessages(5, null, Context.NONE).stream().toList();
        List<PeekedMessageItem> again = queue.peekMessages(5, null, Context.NONE).stream().toList();

        assertThat(peeked).extracting(PeekedMessageItem::getMessageText).containsExactly("a", "b");
        assertThat(peeked).extracting(PeekedMessageItem::getMessageId).containsExactly(a.getMessageId(), b.getMessageId());
        assertThat(peeked).extracting(PeekedMessageItem::getDequeueCount).containsOnly(0L);
        assertThat(peeked.get(0).getInsertionTime()).isEqualTo(a.getInsertionTime());
        assertThat(peeked.get(0).getExpirationTime()).isEqualTo(a.getExpirationTime());
        assertThat(again).extracting(PeekedMessageItem::getDequeueCount).containsOnly(0L);
        assertThat(queue.peekMessage().getMessageText()).as("peek one by default").isEqualTo("a");

        QueueMessageItem received = queue.receiveMessage();
        assertThat(received.getMessageText()).as("still first after peeks").isEqualTo("a");
        assertThat(received.getDequeueCount()).isEqualTo(1);
        assertThat(queue.peekMessages(5, null, Context.NONE)).extracting(PeekedMessageItem::getMessageText)
                .as("peek skips the received one").containsExactly("b");
        queue.deleteMessage(b.getMessageId(), b.getPopReceipt());
        assertThat(queue.peekMessage()).as("b deleted with the receipt from its send").isNull();
    }

    /** A peeked message has no receipt to act on, nor a next-visible time; the SDK's model hides their absence. */
    @ParameterizedTest
    @EachStore
    void peekedMessagesCarryNoReceiptAndNoNextVisibleTime(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "peekwire");
        queue.sendMessage("look only");
        ResponseCapture wire = new ResponseCapture();
        QueueClient capturing = new QueueClientBuilder().endpoint(SERVERS.endpoint(store))
                .queueName(queue.getQueueName()).credential(SERVERS.key(store)).retryOptions(QueueServers.oneTry())
                .addPolicy(wire).buildClient();

        assertThat(capturing.peekMessage().getMessageText()).isEqualTo("look only");
        assertThat(wire.lastBody()).contains("<MessageText>look only</MessageText>", "<DequeueCount>0</DequeueCount>")
                .doesNotContain("PopReceipt", "TimeNextVisible");

        capturing.receiveMessage();
        assertThat(wire.lastBody()).as("a received message has both").contains("<PopReceipt>", "<TimeNextVisible>");
    }

    @ParameterizedTest
    @EachStore
    void deleteNeedsTheCurrentReceipt(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "del");
        SendMessageResult sent = queue.sendMessage("to delete");
        QueueMessageItem received = queue.receiveMessage();

        assertQueueError(() -> queue.deleteMessage(sent.getMessageId(), sent.getPopReceipt()), 400, "PopReceiptMismatch");
        assertThat(queue.deleteMessageWithResponse(received.getMessageId(), received.getPopReceipt(), null, Context.NONE)
                .getStatusCode()).isEqualTo(204);
        assertQueueError(() -> queue.deleteMessage(received.getMessageId(), received.getPopReceipt()),
                404, "MessageNotFound");
        assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
    }

    @ParameterizedTest
    @EachStore
    void deletingAMessageThatNeverExistedIsMessageNotFound(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "nomsg");
        SendMessageResult real = queue.sendMessage("real");
        String unknownId = UUID.randomUUID().toString();

        assertQueueError(() -> queue.deleteMessage(unknownId, real.getPopReceipt()), 404, "MessageNotFound");
        assertQueueError(() -> queue.updateMessage(unknownId, real.getPopReceipt(), "x", Duration.ZERO),
                404, "MessageNotFound");
        assertThat(queue.peekMessage().getMessageText()).isEqualTo("real");
    }

    @ParameterizedTest
    @EachStore
    void updateReplacesTheTextAndIssuesANewReceipt(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "upd");
        SendMessageResult sent = queue.sendMessage("draft");
        QueueMessageItem received = queue.receiveMessage();

        Instant before = Instant.now();
        UpdateMessageResult updated = queue.updateMessage(received.getMessageId(), received.getPopReceipt(), "final",
                Duration.ZERO);
        Instant after = Instant.now();

        assertThat(updated.getPopReceipt()).isNotBlank().isNotEqualTo(received.getPopReceipt());
        assertTakenBetween(updated.getTimeNextVisible(), before, after, Duration.ZERO, "visible again at once");
        assertQueueError(() -> queue.updateMessage(received.getMessageId(), received.getPopReceipt(), "stale",
                Duration.ZERO), 400, "PopReceiptMismatch");
        assertQueueError(() -> queue.deleteMessage(received.getMessageId(), received.getPopReceipt()),
                400, "PopReceiptMismatch");

        PeekedMessageItem peeked = queue.peekMessage();
        assertThat(peeked.getMessageText()).isEqualTo("final");
        assertThat(peeked.getDequeueCount()).as("update does not count as a dequeue").isEqualTo(1);
        QueueMessageItem again = queue.receiveMessage();
        assertThat(again.getMessageId()).isEqualTo(sent.getMessageId());
        assertThat(again.getMessageText()).isEqualTo("final");
        assertThat(again.getDequeueCount()).isEqualTo(2);
        assertThat(again.getInsertionTime()).isEqualTo(sent.getInsertionTime());
        assertThat(again.getExpirationTime()).as("update keeps the expiry").isEqualTo(sent.getExpirationTime());
    }

    @ParameterizedTest
    @EachStore
    void updateWithoutTextKeepsTheTextAndCanHideTheMessage(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "updvis");
        SendMessageResult sent = queue.sendMessage("unchanged");

        Instant before = Instant.now();
        UpdateMessageResult hidden = queue.updateMessage(sent.getMessageId(), sent.getPopReceipt(), null,
                Duration.ofSeconds(60));
        Instant after = Instant.now();

        assertTakenBetween(hidden.getTimeNextVisible(), before, after, Duration.ofSeconds(60), "next visible");
        assertThat(queue.receiveMessage()).as("hidden for 60 s").isNull();
        assertThat(queue.peekMessage()).isNull();

        UpdateMessageResult shown = queue.updateMessage(sent.getMessageId(), hidden.getPopReceipt(), null, Duration.ZERO);
        QueueMessageItem received = queue.receiveMessage();
        assertThat(received).as("visible again after an update with visibility 0").isNotNull();
        assertThat(received.getMessageText()).isEqualTo("unchanged");
        assertThat(received.getDequeueCount()).isEqualTo(1);
        assertThat(received.getPopReceipt()).isNotEqualTo(shown.getPopReceipt());
    }

    @ParameterizedTest
    @EachStore
    void clearRemovesVisibleAndInvisibleMessages(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "clear");
        queue.sendMessage("1");
        queue.sendMessage("2");
        queue.sendMessageWithResponse("3", Duration.ofSeconds(60), null, null, Context.NONE);
        QueueMessageItem taken = queue.receiveMessage();

        assertThat(queue.clearMessagesWithResponse(null, Context.NONE).getStatusCode()).isEqualTo(204);

        assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
        assertThat(queue.peekMessages(32, null, Context.NONE)).isEmpty();
        assertQueueError(() -> queue.deleteMessage(taken.getMessageId(), taken.getPopReceipt()), 404, "MessageNotFound");
        queue.sendMessage("after clear");
        assertThat(queue.receiveMessage().getMessageText()).as("the queue still works").isEqualTo("after clear");
    }
}
