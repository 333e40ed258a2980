package io.cerulean.tools.copy;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.models.QueueMessageItem;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Copies a queue: its metadata, then every message visible when the copy reaches it.
 *
 * <p>Peek shows no more than 32 messages, so the messages are taken with Get Messages and a
 * visibility timeout ({@link #HOLD}) that hides them while the copy goes on; each is sent to the
 * destination (its text as it is, with the time it has left to live), and once the queue is empty
 * to this copy every taken message is made visible again (Update Message, visibility timeout 0).
 * The source keeps every message, each with its dequeue count one higher. A message whose hold ran
 * out before the end comes round again: known by its id, it is held again, not copied twice.
 */
public final class QueueCopy {
    /** How long a taken message stays hidden at the source; renewed if it comes round again. */
    static final Duration HOLD = Duration.ofMinutes(10);
    private static final int BATCH = 32;
    /** What Get Messages reports as the expiry of a message that never expires. */
    private static final int NEVER_EXPIRES_YEAR = 9999;

    private final QueueServiceClient source;
    private final QueueServiceClient destination;
    private final CopyRun run;

    public QueueCopy(QueueServiceClient source, QueueServiceClient destination, CopyRun run) {
        this.source = source;
        this.destination = destination;
        this.run = run;
    }

    public void copy(CopyItem item) {
        QueueClient from = source.getQueueClient(item.source());
        QueueClient to = destination.getQueueClient(item.destination());
        if (from.getQueueUrl().equals(to.getQueueUrl())) {
            // It would take back each message it sends, without end.
            throw new IllegalArgumentException("the destination is the source itself");
        }
        Map<String, String> metadata = from.getProperties().getMetadata();
        boolean created = to.createIfNotExistsWithResponse(metadata, null, Context.NONE).getValue();
        if (!created && metadata != null && !metadata.isEmpty()) {
            to.setMetadata(metadata);
        }
        // Taken messages by id, with the pop receipt that makes each visible again; ids only, not texts.
        Map<String, String> held = new LinkedHashMap<>();
        try {
            while (!run.stopped()) {
                List<QueueMessageItem> taken = new ArrayList<>();
                from.receiveMessages(BATCH, HOLD, null, Context.NONE).forEach(taken::add);
                if (taken.isEmpty()) {
                    break;
                }
                for (QueueMessageItem message : taken) {
                    boolean seen = held.containsKey(message.getMessageId());
                    held.put(message.getMessageId(), message.getPopReceipt());
                    if (!seen) {
                        send(item, to, message);
                    }
                }
            }
        } finally {
            release(item, from, held);
        }
        run.queueDone();
    }

    private void send(CopyItem item, QueueClient to, QueueMessageItem message) {
        String text = message.getMessageText();
        try {
            to.sendMessageWithResponse(text, null, timeToLive(message), null, Context.NONE);
            run.messageDone(text == null ? 0 : text.getBytes(StandardCharsets.UTF_8).length);
        } catch (RuntimeException e) {
            run.failed(item + ": message " + message.getMessageId(), e);
        }
    }

    /**
     * The time the message has left, by the service's clock: it was taken at its next visible time
     * less the hold. Never expiring stays so (-1).
     */
    static Duration timeToLive(QueueMessageItem message) {
        if (message.getExpirationTime() == null || message.getExpirationTime().getYear() >= NEVER_EXPIRES_YEAR) {
            return Duration.ofSeconds(-1);
        }
        Duration left = Duration.between(message.getTimeNextVisible().minus(HOLD), message.getExpirationTime());
        return left.getSeconds() < 1 ? Duration.ofSeconds(1) : Duration.ofSeconds(left.getSeconds());
    }

    private void release(CopyItem item, QueueClient from, Map<String, String> held) {
        List<Callable<Void>> releases = new ArrayList<>();
        held.forEach((id, receipt) -> releases.add(() -> {
            try {
                from.updateMessage(id, receipt, null, Duration.ZERO);
            } catch (HttpResponseException e) {
                // Gone meanwhile (deleted by another consumer once its hold ran out): nothing to give back.
                if (e.getResponse().getStatusCode() != 404) {
                    run.failed(item + ": making message " + id + " visible again at the source", e);
                }
            }
            return null;
        }));
        run.inParts(releases);
    }
}
