package io.cerulean.queue.messages;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.error.ServerBusy;
import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.layout.RandomIds;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.RecordCursor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The message operations other than taking (Get Messages is {@link Dequeuer}'s): Put, Peek, Update
 * and Delete Message, counting a queue's messages and dropping them all. Each works on the messages
 * instance the caller found in the queue's catalogue row. Thread-safe.
 */
public final class Messages {
    private final KeyValueStore store;
    private final Clock clock;
    private final MessageFloors floors;
    private final VisibleMessages visible;
    private final MessageRows rows;
    /** The last sequence handed to a message put: order among those put in one millisecond. */
    private final AtomicLong sequence = new AtomicLong();

    public Messages(KeyValueStore store, Clock clock, MessageFloors floors, VisibleMessages visible, MessageRows rows) {
        this.store = store;
        this.clock = clock;
        this.floors = floors;
        this.visible = visible;
        this.rows = rows;
    }

    /**
     * Put Message: visible after {@code visibilityTimeout}, expiring after {@code timeToLive}
     * (empty: never). Answers with the message's id, times and pop receipt.
     */
    public QueueMessage put(long instance, String text, Duration visibilityTimeout, Optional<Duration> timeToLive) {
        Instant now = clock.instant();
        long nowMillis = now.toEpochMilli();
        UUID id = UUID.randomUUID();
        long sequenceNumber = sequence.updateAndGet(last -> Math.max(last + 1, nowMillis * 1024));
        StoredMessage message = new StoredMessage(id, new Position(nowMillis + visibilityTimeout.toMillis(), sequenceNumber),
                RandomIds.next(), nowMillis, Expiry.of(now, timeToLive).toEpochMilli(), 0, text);
        if (!rows.insert(instance, message)) {
            throw new IllegalStateException("a new message id was already in use: " + id);
        }
        return MessageAnswers.answer(message);
    }

    /** Peek Messages: up to {@code count} visible messages, changing nothing. */
    public List<QueueMessage> peek(long instance, int count) {
        long now = clock.millis();
        List<QueueMessage> peeked = new ArrayList<>();
        for (StoredMessage found : visible.first(instance, now, count, count)) {
            if (peeked.size() == count) {
                break;
            }
            if (found.expires() > now) {
                peeked.add(MessageAnswers.answer(found));
            }
        }
        return peeked;
    }

    /**
     * Delete Message: 404 MessageNotFound when there is no such message (or it expired), 400
     * PopReceiptMismatch when {@code popReceipt} is not its current one.
     */
    public void delete(long instance, String messageId, String popReceipt) {
        UUID id = messageId(messageId);
        for (int attempt = 0; attempt < ServerBusy.ATTEMPTS; attempt++) {
            StoredMessage current = rows.current(instance, id, popReceipt);
            if (rows.remove(instance, current)) {
                return;
            }
        }
        throw ServerBusy.exception();
    }

    /**
     * Update Message: visible again after {@code visibilityTimeout}, with new text if given; the
     * dequeue count, insertion and expiry stay. The pop receipt given stops working; answers the new
     * one. A timeout reaching past the message's expiry is 400 InvalidQueryParameterValue.
     */
    public PopReceipt update(long instance, String messageId, String popReceipt, Duration visibilityTimeout,
                             Optional<String> text) {
        UUID id = messageId(messageId);
        for (int attempt = 0; attempt < ServerBusy.ATTEMPTS; attempt++) {
            StoredMessage current = rows.current(instance, id, popReceipt);
            long now = clock.millis();
            if (now + visibilityTimeout.toMillis() > current.expires()) {
                throw new ServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                        "The visibility timeout would keep the message invisible past its expiration time.");
            }
            StoredMessage next = new StoredMessage(id, new Position(now + visibilityTimeout.toMillis(),
                    current.position().sequence()), RandomIds.next(), current.inserted(), current.expires(),
                    current.dequeueCount(), text.orElse(current.text()));
            if (rows.move(instance, current, next)) {
                return MessageAnswers.receipt(next);
            }
        }
        throw ServerBusy.exception();
    }

    /** How many messages the instance holds, visible or not (expired ones not yet removed too). */
    public long count(long instance) {
        long count = 0;
        for (int bucket = 0; bucket < MessageLayout.BUCKETS; bucket++) {
            try (RecordCursor cursor = store.scan(MessageLayout.space(instance), MessageLayout.ids(bucket))) {
                while (cursor.advance()) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Drops every message of an instance no queue names any more (a queue deleted, or cleared), at once. */
    public void drop(long instance) {
        store.drop(MessageLayout.space(instance));
        floors.forget(instance);
    }

    /** A message id from a URL: one Cerulean could have issued, or no message at all. */
    private static UUID messageId(String messageId) {
        try {
            UUID id = UUID.fromString(messageId);
            if (id.toString().equalsIgnoreCase(messageId)) {
                return id;
            }
        } catch (IllegalArgumentException e) {
            // not an id at all: no such message
        }
        throw new ServiceException(QueueError.MESSAGE_NOT_FOUND);
    }
}
