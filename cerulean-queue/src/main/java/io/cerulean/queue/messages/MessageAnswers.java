package io.cerulean.queue.messages;

import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.model.QueueMessage;
import java.time.Instant;

/** A stored message as the operations answer it: its times as instants, its pop receipt encoded. */
final class MessageAnswers {
    private MessageAnswers() {
    }

    static QueueMessage answer(StoredMessage message) {
        return new QueueMessage(message.id().toString(), Instant.ofEpochMilli(message.inserted()),
                Instant.ofEpochMilli(message.expires()), receipt(message).encode(),
                Instant.ofEpochMilli(message.position().visibleAt()), message.dequeueCount(), message.text());
    }

    /** The receipt of the message's current state: its row's position and version. */
    static PopReceipt receipt(StoredMessage message) {
        return new PopReceipt(message.position(), message.version());
    }
}
