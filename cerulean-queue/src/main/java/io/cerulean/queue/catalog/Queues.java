package io.cerulean.queue.catalog;

import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.error.ServerBusy;
import io.cerulean.queue.layout.QueueCatalog;
import io.cerulean.queue.layout.RandomIds;
import io.cerulean.queue.model.QueueInfo;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.queue.model.QueueNames;
import io.cerulean.storage.ByteView;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordCursor;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.RecordRange;
import io.cerulean.storage.StoredValue;
import io.cerulean.storage.state.ServerState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The queues of every account: their catalogue rows, each naming the queue's metadata and the
 * instance its messages are in. A queue is read afresh at every call (another server may have
 * deleted it or made it again), and every change is a conditional commit on the row's version,
 * tried again when another writer changed the row first. A new messages instance takes its id from
 * the server state's counter {@link QueueCatalog#INSTANCE_IDS}. Thread-safe: holds nothing but the
 * store and its server state.
 */
public final class Queues {
    private final KeyValueStore store;
    private final ServerState state;

    /** @param state the server state of {@code store}, whose counter names messages instances */
    public Queues(KeyValueStore store, ServerState state) {
        this.store = store;
        this.state = state;
    }

    /**
     * Create Queue, with a new, empty messages instance: true when the queue is new, false when it
     * was there with the same metadata; 409 QueueAlreadyExists when it is there with other metadata
     * (names compared without regard to case, values exactly).
     */
    public boolean create(String account, String name, QueueMetadata metadata) {
        QueueNames.validate(name);
        long instance = 0; // drawn once, only for a queue that is not there: clients create the queues they use at every start
        for (int attempt = 0; attempt < ServerBusy.ATTEMPTS; attempt++) {
            Optional<StoredQueue> existing = find(account, name);
            if (existing.isPresent()) {
                if (existing.get().metadata().sameAs(metadata)) {
                    return false;
                }
                throw new ServiceException(QueueError.QUEUE_ALREADY_EXISTS);
            }
            if (instance == 0) {
                instance = newInstance(); // unused if another server creates the queue first: gaps do no harm
            }
            CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(account), List.of(
                    RecordMutation.put(QueueCatalog.queueRow(name),
                            QueueCatalog.queueValue(RandomIds.next(), instance, metadata), Precondition.MUST_NOT_EXIST),
                    RecordMutation.delete(QueueCatalog.aclRow(name), Precondition.NONE)));
            if (outcome instanceof CommitOutcome.Applied) {
                return true;
            }
        }
        throw ServerBusy.exception();
    }

    /**
     * Delete Queue's part in the catalogue: the queue's row and its ACL, in one commit. Answers the
     * messages instance the queue had, which the caller drops.
     */
    public long delete(String account, String name) {
        for (int attempt = 0; attempt < ServerBusy.ATTEMPTS; attempt++) {
            StoredQueue queue = queue(account, name);
            CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(account), List.of(
                    RecordMutation.delete(QueueCatalog.queueRow(queue.name()), new Precondition.VersionEquals(queue.version())),
                    RecordMutation.delete(QueueCatalog.aclRow(queue.name()), Precondition.NONE)));
            if (outcome instanceof CommitOutcome.Applied) {
                return queue.instance();
            }
        }
        throw ServerBusy.exception();
    }

    /** Set Queue Metadata: replaces all of it. */
    public void setMetadata(String account, String name, QueueMetadata metadata) {
        for (int attempt = 0; attempt < ServerBusy.ATTEMPTS; attempt++) {
            StoredQueue queue = queue(account, name);
            if (rewrite(queue, queue.instance(), metadata)) {
                return;
            }
        }
        throw ServerBusy.exception();
    }

    /**
     * Clear Messages' part in the catalogue: the queue is given a new, empty messages instance and
     * keeps its metadata. Answers the instance it had, which the caller drops.
     */
    public long renewInstance(String account, String name) {
        for (int attempt = 0; attempt < ServerBusy.ATTEMPTS; attempt++) {
            StoredQueue queue = queue(account, name);
            if (rewrite(queue, newInstance(), queue.metadata())) {
                return queue.instance();
            }
        }
        throw ServerBusy.exception();
    }

    /** List Queues: up to {@code max} queues whose names start with {@code prefix}, from {@code marker} on. */
    public QueuePage list(String account, String prefix, Optional<String> marker, int max) {
        List<QueueInfo> queues = new ArrayList<>();
        Optional<RecordRange> range = QueueCatalog.queues(account, prefix, marker.orElse(null));
        if (range.isEmpty()) {
            return new QueuePage(queues, Optional.empty());
        }
        try (RecordCursor cursor = store.scan(QueueCatalog.SPACE, range.get())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                String name = QueueCatalog.name(row.array(), row.offset(), row.length());
                if (queues.size() == max) {
                    return new QueuePage(queues, Optional.of(name));
                }
                ByteView payload = cursor.payload();
                queues.add(new QueueInfo(name, QueueCatalog.metadata(payload.array(), payload.offset(), payload.length())));
            }
        }
        return new QueuePage(queues, Optional.empty());
    }

    /** The messages instance of every queue of every account, in the catalogue's order. */
    public List<Long> instances() {
        List<Long> instances = new ArrayList<>();
        try (RecordCursor cursor = store.scan(QueueCatalog.SPACE, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                if (QueueCatalog.isQueueRow(row.array(), row.offset(), row.length())) {
                    ByteView payload = cursor.payload();
                    instances.add(QueueCatalog.messagesInstance(payload.array(), payload.offset(), payload.length()));
                }
            }
        }
        return instances;
    }

    /** The queue, or empty when there is none of that name. */
    public Optional<StoredQueue> find(String account, String name) {
        return store.get(QueueCatalog.SPACE, QueueCatalog.partition(account), QueueCatalog.queueRow(name))
                .map(v -> new StoredQueue(account, name, v.version(),
                        QueueCatalog.messagesInstance(v.bytes(), StoredValue.HEADROOM, v.payloadLength()),
                        QueueCatalog.metadata(v.bytes(), StoredValue.HEADROOM, v.payloadLength())));
    }

    /** The queue: 400 when the name is not one a queue may have, 404 QueueNotFound when there is none. */
    public StoredQueue queue(String account, String name) {
        QueueNames.validate(name);
        return find(account, name).orElseThrow(() -> new ServiceException(QueueError.QUEUE_NOT_FOUND));
    }

    /** The id of a new messages instance: never handed out before, by any server on the store. */
    private long newInstance() {
        return state.nextId(QueueCatalog.INSTANCE_IDS);
    }

    /** Rewrites a queue's row on the version read: its messages instance, its metadata. */
    private boolean rewrite(StoredQueue queue, long instance, QueueMetadata metadata) {
        CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(queue.account()), List.of(
                RecordMutation.put(QueueCatalog.queueRow(queue.name()), QueueCatalog.queueValue(RandomIds.next(), instance, metadata),
                        new Precondition.VersionEquals(queue.version()))));
        return outcome instanceof CommitOutcome.Applied;
    }
}
