package io.cerulean.queue.messages;

import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.error.ServerBusy;
import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.StoredValue;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A message's state on the store, and every change of it: read as a pop receipt names it, moved to
 * its next state, removed. A change is one commit in the message's bucket, conditioned on the
 * version of the id row alone (see {@link MessageLayout}), and false when another writer changed
 * the message since it was read. A write of a message row is announced to the bucket's floor
 * ({@link MessageFloors}) for as long as its commit runs. Thread-safe.
 */
public final class MessageRows {
    /** Expired messages removed in one commit at most: a bounded batch (Cassandra refuses large ones). */
    static final int REMOVALS_PER_COMMIT = 64;
    /** Reads of a message's two rows before giving up when it keeps moving between them. */
    private static final int READ_ATTEMPTS = 10;

    private final KeyValueStore store;
    private final Clock clock;
    private final MessageFloors floors;

    public MessageRows(KeyValueStore store, Clock clock, MessageFloors floors) {
        this.store = store;
        this.clock = clock;
        this.floors = floors;
    }

    /**
     * The message as stored now, if {@code popReceipt} is its current receipt: MessageNotFound when
     * it is not there or expired, PopReceiptMismatch when the receipt is not its latest.
     */
    StoredMessage current(long instance, UUID id, String popReceipt) {
        Optional<PopReceipt> given = PopReceipt.decode(popReceipt);
        if (given.isPresent()) {
            // The usual case, in one read: the receipt names the message's row, which holds the
            // receipt's version only while the message is in the state that receipt was issued for.
            Position position = given.get().position();
            Optional<StoredValue> row = store.get(MessageLayout.space(instance), bucketOf(id),
                    MessageLayout.messageRow(position.visibleAt(), position.sequence(), id));
            if (row.isPresent() && row.get().version() == given.get().version()) {
                StoredMessage message = MessageLayout.message(id, position, row.get());
                if (message.expires() <= clock.millis()) {
                    throw new ServiceException(QueueError.MESSAGE_NOT_FOUND);
                }
                return message;
            }
        }
        // Otherwise the id row tells which answer it is: no such message, or another receipt.
        for (int attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
            byte[] bucket = bucketOf(id);
            Optional<StoredValue> idValue = store.get(MessageLayout.space(instance), bucket, MessageLayout.idRow(id));
            if (idValue.isEmpty()) {
                throw new ServiceException(QueueError.MESSAGE_NOT_FOUND);
            }
            Position position = MessageLayout.position(idValue.get());
            Optional<StoredValue> row = store.get(MessageLayout.space(instance), bucket,
                    MessageLayout.messageRow(position.visibleAt(), position.sequence(), id));
            if (row.isEmpty()) {
                continue; // moved between the two reads: read again
            }
            StoredMessage message = MessageLayout.message(id, position, row.get());
            if (message.expires() <= clock.millis()) {
                throw new ServiceException(QueueError.MESSAGE_NOT_FOUND);
            }
            if (given.isEmpty() || !given.get().position().equals(position) || given.get().version() != message.version()) {
                throw new ServiceException(QueueError.POP_RECEIPT_MISMATCH);
            }
            return message;
        }
        throw ServerBusy.exception();
    }

    /** Writes a new message's two rows; false when its id is in use already. */
    boolean insert(long instance, StoredMessage message) {
        MessageFloors.Bucket floor = floors.bucket(instance, MessageLayout.bucketOf(message.id()));
        floor.writing(message.position());
        try {
            return store.commit(MessageLayout.space(instance), bucketOf(message.id()), List.of(
                    RecordMutation.put(MessageLayout.idRow(message.id()),
                            MessageLayout.idValue(message.version(), message.position()), Precondition.MUST_NOT_EXIST),
                    RecordMutation.put(message.row(), message.value(), Precondition.NONE))) instanceof CommitOutcome.Applied;
        } finally {
            floor.written(message.position());
        }
    }

    /**
     * Moves a message to its next state, if it is still in the state read; false when another writer
     * changed it. The id row's version is the one condition (see {@link MessageLayout}).
     */
    boolean move(long instance, StoredMessage from, StoredMessage to) {
        List<RecordMutation> mutations = new ArrayList<>(3);
        mutations.add(RecordMutation.put(MessageLayout.idRow(to.id()), MessageLayout.idValue(to.version(), to.position()),
                new Precondition.VersionEquals(from.version())));
        if (!from.position().equals(to.position())) {
            mutations.add(RecordMutation.delete(from.row(), Precondition.NONE));
        }
        mutations.add(RecordMutation.put(to.row(), to.value(), Precondition.NONE));
        MessageFloors.Bucket floor = floors.bucket(instance, MessageLayout.bucketOf(from.id()));
        floor.writing(to.position());
        try {
            return store.commit(MessageLayout.space(instance), bucketOf(from.id()), mutations)
                    instanceof CommitOutcome.Applied;
        } finally {
            floor.written(to.position());
        }
    }

    /** Removes a message, if it is still in the state read. */
    boolean remove(long instance, StoredMessage message) {
        return store.commit(MessageLayout.space(instance), bucketOf(message.id()), List.of(
                RecordMutation.delete(MessageLayout.idRow(message.id()), new Precondition.VersionEquals(message.version())),
                RecordMutation.delete(message.row(), Precondition.NONE))) instanceof CommitOutcome.Applied;
    }

    /**
     * Removes expired messages, a bucket and {@link #REMOVALS_PER_COMMIT} at a time, each if it is
     * still in the state read; a commit that finds one changed removes none of its messages, which
     * a later Get Messages finds again.
     */
    void removeAll(long instance, List<StoredMessage> messages) {
        Map<Integer, List<RecordMutation>> byBucket = new TreeMap<>();
        for (StoredMessage message : messages) {
            List<RecordMutation> mutations = byBucket.computeIfAbsent(MessageLayout.bucketOf(message.id()), b -> new ArrayList<>());
            mutations.add(RecordMutation.delete(MessageLayout.idRow(message.id()),
                    new Precondition.VersionEquals(message.version())));
            mutations.add(RecordMutation.delete(message.row(), Precondition.NONE));
        }
        byBucket.forEach((bucket, mutations) -> {
            for (int from = 0; from < mutations.size(); from += 2 * REMOVALS_PER_COMMIT) {
                store.commit(MessageLayout.space(instance), MessageLayout.bucket(bucket),
                        mutations.subList(from, Math.min(mutations.size(), from + 2 * REMOVALS_PER_COMMIT)));
            }
        });
    }

    private static byte[] bucketOf(UUID id) {
        return MessageLayout.bucket(MessageLayout.bucketOf(id));
    }
}
