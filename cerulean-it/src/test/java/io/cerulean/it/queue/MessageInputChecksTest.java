package io.cerulean.it.queue;

import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.SendMessageResult;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The ranges of the message operations' parameters, as the SDK passes them through: how many
 * messages one Get or Peek may take (1 to 32), visibility timeouts (at least 1 s on Get, at most
 * 7 days, shorter than the time to live) and times to live (at least 1 s, or -1). A refused request
 * changes nothing. Validation only, so one store.
 */
class MessageInputChecksTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final Duration MORE_THAN_SEVEN_DAYS = Duration.ofDays(7).plusSeconds(1);
    private static final QueueServers SERVERS = new QueueServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    @Test
    void getAndPeekTakeOneTo32Messages() {
        QueueClient queue = SERVERS.newQueue(STORE, "count");
        queue.sendMessage("waiting");

        assertQueueError(() -> queue.receiveMessages(33).stream().count(), 400, "OutOfRangeQueryParameterValue");
        assertQueueError(() -> queue.receiveMessages(0).stream().count(), 400, "OutOfRangeQueryParameterValue");
        assertQueueError(() -> queue.peekMessages(33, null, Context.NONE).stream().count(),
                400, "OutOfRangeQueryParameterValue");

        assertThat(queue.peekMessage().getDequeueCount()).as("refused gets took nothing").isZero();
    }

    @Test
    void getNeedsAVisibilityTimeoutOfOneSecondToSevenDays() {
        QueueClient queue = SERVERS.newQueue(STORE, "getvis");
        queue.sendMessage("waiting");

        assertQueueError(() -> queue.receiveMessages(1, Duration.ZERO, null, Context.NONE).stream().count(),
                400, "OutOfRangeQueryParameterValue");
        assertQueueError(() -> queue.receiveMessages(1, MORE_THAN_SEVEN_DAYS, null, Context.NONE).stream().count(),
                400, "OutOfRangeQueryParameterValue");

        assertThat(queue.receiveMessages(1, Duration.ofDays(7), null, Context.NONE)).as("7 days exactly").hasSize(1);
    }

    @Test
    void putChecksItsVisibilityTimeoutAndTimeToLive() {
        QueueClient queue = SERVERS.newQueue(STORE, "putargs");

        assertQueueError(() -> send(queue, MORE_THAN_SEVEN_DAYS, null), 400, "OutOfRangeQueryParameterValue");
        assertQueueError(() -> send(queue, null, Duration.ZERO), 400, "InvalidQueryParameterValue");
        assertQueueError(() -> send(queue, null, Duration.ofSeconds(-2)), 400, "InvalidQueryParameterValue");
        assertQueueError(() -> send(queue, Duration.ofSeconds(10), Duration.ofSeconds(10)),
                400, "InvalidQueryParameterValue");
        assertThat(queue.getProperties().getApproximateMessagesCount()).as("nothing stored").isZero();

        send(queue, Duration.ofSeconds(9), Duration.ofSeconds(10));
        send(queue, Duration.ofDays(7), Duration.ofSeconds(-1));
        send(queue, null, Duration.ofDays(30));
        assertThat(queue.getProperties().getApproximateMessagesCount()).isEqualTo(3);
    }

    @Test
    void updateChecksItsVisibilityTimeout() {
        QueueClient queue = SERVERS.newQueue(STORE, "updargs");
        SendMessageResult sent = queue.sendMessage("waiting");

        assertQueueError(() -> queue.updateMessage(sent.getMessageId(), sent.getPopReceipt(), "x", MORE_THAN_SEVEN_DAYS),
                400, "OutOfRangeQueryParameterValue");

        queue.deleteMessage(sent.getMessageId(), sent.getPopReceipt());
        assertThat(queue.peekMessage()).as("the receipt still held after the refused update").isNull();
    }

    private static SendMessageResult send(QueueClient queue, Duration visibility, Duration timeToLive) {
        return queue.sendMessageWithResponse("m", visibility, timeToLive, null, Context.NONE).getValue();
    }
}
