package io.cerulean.it.queue;

import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.azure.storage.queue.models.QueueMessageItem;
import com.azure.storage.queue.models.SendMessageResult;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What time does to messages, with timeouts of one or two seconds: a message comes back when its
 * visibility timeout lapses (counted once more, with a new receipt), a slow consumer may still delete
 * it if nobody took it meanwhile, and a message whose time to live has passed is never seen again.
 * Each test waits by asking again until a deadline, never longer than it must. On every store.
 */
class MessageVisibilityTest {
    private static final Duration ONE_SECOND = Duration.ofSeconds(1);
    /** Far longer than any one-second timeout needs, so that a slow machine does not fail a test. */
    private static final Duration PATIENCE = Duration.ofSeconds(5);
    private static final QueueServers SERVERS = new QueueServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void aReceivedMessageComesBackWhenItsVisibilityTimeoutLapses(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "back");
        queue.sendMessage("retry me");

        QueueMessageItem first = receive(queue, ONE_SECOND);
        assertThat(first.getDequeueCount()).isEqualTo(1);
        assertThat(queue.receiveMessage()).as("invisible right after the receive").isNull();

        QueueMessageItem second = Polling.firstWithin(PATIENCE, () -> receive(queue, Duration.ofSeconds(30)))
                .orElseThrow(() -> new AssertionError("the message did not come back"));

        assertThat(second.getMessageId()).isEqualTo(first.getMessageId());
        assertThat(second.getMessageText()).isEqualTo("retry me");
        assertThat(second.getDequeueCount()).isEqualTo(2);
        assertThat(second.getPopReceipt()).isNotEqualTo(first.getPopReceipt());
        assertQueueError(() -> queue.deleteMessage(first.getMessageId(), first.getPopReceipt()),
                400, "PopReceiptMismatch");
        queue.deleteMessage(second.getMessageId(), second.getPopReceipt());
        assertThat(queue.peekMessage()).isNull();
    }

    @ParameterizedTest
    @EachStore
    void aSlowConsumerMayStillDeleteIfNobodyTookTheMessageMeanwhile(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "slow");
        queue.sendMessage("slow work");
        QueueMessageItem taken = receive(queue, ONE_SECOND);

        PeekedMessageItem visibleAgain = Polling.firstWithin(PATIENCE, queue::peekMessage)
                .orElseThrow(() -> new AssertionError("the message did not become visible again"));
        assertThat(visibleAgain.getDequeueCount()).isEqualTo(1);

        queue.deleteMessage(taken.getMessageId(), taken.getPopReceipt());
        assertThat(queue.peekMessage()).isNull();
        assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
    }

    @ParameterizedTest
    @EachStore
    void aMessageSentWithAVisibilityTimeoutAppearsWhenItLapses(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "delay");
        queue.sendMessageWithResponse("delayed", ONE_SECOND, Duration.ofSeconds(60), null, Context.NONE);
        assertThat(queue.peekMessage()).as("hidden at first").isNull();

        PeekedMessageItem appeared = Polling.firstWithin(PATIENCE, queue::peekMessage)
                .orElseThrow(() -> new AssertionError("the message never appeared"));

        assertThat(appeared.getMessageText()).isEqualTo("delayed");
        assertThat(appeared.getDequeueCount()).isZero();
    }

    @ParameterizedTest
    @EachStore
    void anUpdatedVisibilityTimeoutHidesTheMessageUntilItLapses(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "updback");
        queue.sendMessage("first try");
        QueueMessageItem taken = queue.receiveMessage();

        queue.updateMessage(taken.getMessageId(), taken.getPopReceipt(), "second try", ONE_SECOND);
        assertThat(queue.receiveMessage()).as("hidden for a second").isNull();
        QueueMessageItem back = Polling.firstWithin(PATIENCE, queue::receiveMessage)
                .orElseThrow(() -> new AssertionError("the updated message did not come back"));

        assertThat(back.getMessageText()).isEqualTo("second try");
        assertThat(back.getDequeueCount()).isEqualTo(2);
    }

    @ParameterizedTest
    @EachStore
    void anExpiredMessageIsNeverSeenAgain(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "ttl");
        SendMessageResult shortLived = queue.sendMessageWithResponse("short-lived", null, Duration.ofSeconds(2), null,
                Context.NONE).getValue();
        Instant sent = Instant.now();
        queue.sendMessage("long-lived");
        assertThat(queue.peekMessages(32, null, Context.NONE)).extracting(PeekedMessageItem::getMessageText)
                .as("both alive at first").containsExactly("short-lived", "long-lived");

        Polling.sleepUntil(sent.plus(Duration.ofSeconds(2)).plusMillis(200));

        assertThat(queue.peekMessages(32, null, Context.NONE)).extracting(PeekedMessageItem::getMessageText)
                .containsExactly("long-lived");
        List<QueueMessageItem> received = queue.receiveMessages(32).stream().toList();
        assertThat(received).extracting(QueueMessageItem::getMessageText).containsExactly("long-lived");
        assertQueueError(() -> queue.updateMessage(shortLived.getMessageId(), shortLived.getPopReceipt(), "late",
                Duration.ZERO), 404, "MessageNotFound");
        assertQueueError(() -> queue.deleteMessage(shortLived.getMessageId(), shortLived.getPopReceipt()),
                404, "MessageNotFound");
    }

    @ParameterizedTest
    @EachStore
    void aMessageThatExpiresWhileInvisibleDoesNotComeBack(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "ttlhid");
        queue.sendMessageWithResponse("expires hidden", null, ONE_SECOND, null, Context.NONE);
        QueueMessageItem taken = receive(queue, Duration.ofSeconds(2));
        Instant received = Instant.now();
        assertThat(taken).as("received before it expired").isNotNull();

        // Past the visibility timeout, when it would be back had it not expired a second earlier.
        Polling.sleepUntil(received.plus(Duration.ofSeconds(2)).plusMillis(200));

        assertThat(queue.peekMessage()).isNull();
        assertThat(queue.receiveMessage()).isNull();
        assertQueueError(() -> queue.deleteMessage(taken.getMessageId(), taken.getPopReceipt()), 404, "MessageNotFound");
    }

    private static QueueMessageItem receive(QueueClient queue, Duration visibility) {
        return queue.receiveMessages(1, visibility, null, Context.NONE).stream().findFirst().orElse(null);
    }
}
