package io.cerulean.queue.service;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.layout.QueueCatalog;
import io.cerulean.queue.model.Expiry;
import io.cerulean.queue.model.QueueInfo;
import io.cerulean.queue.model.QueueMessage;
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
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The Queue service's operations on any {@link KeyValueStore} (layout in {@link QueueCatalog} and
 * {@link MessageLayout}). Parameters are taken as the REST layer has checked them (ranges, sizes);
 * what depends on stored state is decided here.
 *
 * <p><b>What Cerulean guarantees.</b> A message is handed out only when its time next visible has
 * passed and it has not expired, and to one caller at a time: taking it is a conditional commit on
 * the version read, so of two servers taking the same message one wins and the other moves on. Get
 * Messages returns the visible messages in the order they became visible, and those that became
 * visible in the same millisecond in the order this server put them (across servers, by their
 * clocks): first in, first out for messages that were never taken, and approximately so otherwise,
 * as in Azure. On a store other servers write too, a Get Messages that lately lost messages to
 * other consumers tries the first it finds in a random order, so that consumers on different
 * servers spread over the queue's head rather than race for its first message; it still answers
 * what it took in the order it became visible. Expired messages are never returned, and are
 * removed when a Get Messages meets them.
 *
 * <p>Every write returns once it is visible; the REST layer acknowledges it once
 * {@link #whenDurable()} completes. Thread-safe.
 */
public final class QueueService {
    /** Commits lost to other writers on one message before giving up with 503 ServerBusy. */
    private static final int MAX_ATTEMPTS = 100;
    /** Rounds of Get Messages when other consumers took the messages it found first. */
    private static final int GET_ROUNDS = 4;
    /**
     * Visible messages a Get Messages reads beyond those it asks for in each bucket it reads, to
     * move on to when other consumers took the first ones (those on this server it skips without a
     * race): a message or two further from the queue's head, rather than another round of reads.
     */
    private static final int CANDIDATES_BEYOND = 8;
    /** Expired messages removed in one commit at most: a bounded batch (Cassandra refuses large ones). */
    private static final int REMOVALS_PER_COMMIT = 64;
    /** Expired messages one sweep removes from a bucket at most, so that a sweep is bounded. */
    private static final int SWEPT_PER_BUCKET = 1024;
    /** Reads of a message's two rows before giving up when it keeps moving between them. */
    private static final int READ_ATTEMPTS = 10;
    /**
     * How long after a lost race a Get Messages on a shared store tries the messages it found in a
     * random order rather than in order: consumers on other servers, which this one cannot see, then
     * spread over the head of the queue instead of racing in step for the same messages (on
     * Cassandra, two conditional writes contending for one row cost each far more than two apart).
     */
    private static final long CONTENDED_FOR_NANOS = 1_000_000_000L;
    private static final Comparator<StoredMessage> FOUND_ORDER = Comparator
            .comparing(StoredMessage::position, MessageLayout.ORDER).thenComparing(StoredMessage::id);


    private final KeyValueStore store;
    private final Clock clock;
    private final AtomicLong sequence = new AtomicLong();
    private final MessageFloors floors;
    private final VisibleMessages visible;
    /** The messages a Get Messages of this service is taking now: another skips them rather than race it. */
    private final Set<UUID> taking = ConcurrentHashMap.newKeySet();
    /** Whether other servers write the store: their consumers race this one's for the same messages. */
    private final boolean shared;
    /** When a Get Messages of this service last lost a message to another writer (System.nanoTime). */
    private volatile long lastRaceLost = System.nanoTime() - CONTENDED_FOR_NANOS;

    /** A service on a store other servers may write too (a cluster's). */
    public QueueService(KeyValueStore store, Clock clock) {
        this(store, clock, false);
    }

    /**
     * @param exclusive whether this service is the only writer of the store's queues (one server on
     *                  its own RocksDB or memory store), so that what it knows of where each queue's
     *                  messages start holds without a margin for other servers' writes
     */
    public QueueService(KeyValueStore store, Clock clock, boolean exclusive) {
        this.store = store;
        this.clock = clock;
        this.floors = new MessageFloors(exclusive);
        this.visible = new VisibleMessages(store, floors);
        this.shared = !exclusive;
    }

    /** What Create Queue found. */
    public enum Creation {
        /** 201: the queue is new. */
        CREATED,
        /** 204: the queue was there with the same metadata; nothing changed. */
        ALREADY_THERE
    }

    /** A queue's properties: its metadata and how many messages it holds, visible or not. */
    public record QueueProperties(QueueMetadata metadata, long approximateMessageCount) {
    }

    /** A page of List Queues, and the name it continues at. */
    public record QueueList(List<QueueInfo> queues, Optional<String> nextMarker) {
    }

    /** What Update Message answers: the message's new pop receipt and when it is next visible. */
    public record UpdatedMessage(String popReceipt, Instant timeNextVisible) {
    }

    /** The queue as its catalogue row holds it, and that row's version. */
    private record Queue(String account, String name, long version, long instance, QueueMetadata metadata) {
    }

    /** Completes once every write that returned before this call is durable. */
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    /**
     * Create Queue: 409 QueueAlreadyExists when a queue of the name is there with other metadata
     * (names compared without regard to case, values exactly).
     */
    public Creation createQueue(String account, String name, QueueMetadata metadata) {
        QueueNames.validate(name);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(account), List.of(
                    RecordMutation.put(QueueCatalog.queueRow(name), QueueCatalog.queueValue(newId(), newId(), metadata),
                            Precondition.MUST_NOT_EXIST),
                    RecordMutation.delete(QueueCatalog.aclRow(name), Precondition.NONE)));
            if (outcome instanceof CommitOutcome.Applied) {
                return Creation.CREATED;
            }
            Optional<Queue> existing = find(account, name);
            if (existing.isPresent()) {
                if (existing.get().metadata().sameAs(metadata)) {
                    return Creation.ALREADY_THERE;
                }
                throw new ServiceException(QueueError.QUEUE_ALREADY_EXISTS);
            }
        }
        throw busy();
    }

    /** Delete Queue: the queue, its ACL and every message in it, at once. */
    public void deleteQueue(String account, String name) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Queue queue = queue(account, name);
            CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(account), List.of(
                    RecordMutation.delete(QueueCatalog.queueRow(queue.name()), new Precondition.VersionEquals(queue.version())),
                    RecordMutation.delete(QueueCatalog.aclRow(queue.name()), Precondition.NONE)));
            if (outcome instanceof CommitOutcome.Applied) {
                store.drop(MessageLayout.space(queue.instance()));
                floors.forget(queue.instance());
                return;
            }
        }
        throw busy();
    }

    /** Get Queue Metadata. */
    public QueueProperties properties(String account, String name) {
        Queue queue = queue(account, name);
        long count = 0;
        for (int bucket = 0; bucket < MessageLayout.BUCKETS; bucket++) {
            try (RecordCursor cursor = store.scan(MessageLayout.space(queue.instance()), MessageLayout.ids(bucket))) {
                while (cursor.advance()) {
                    count++;
                }
            }
        }
        return new QueueProperties(queue.metadata(), count);
    }

    /** Set Queue Metadata: replaces all of it. */
    public void setMetadata(String account, String name, QueueMetadata metadata) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Queue queue = queue(account, name);
            if (commitQueue(queue, queue.instance(), metadata)) {
                return;
            }
        }
        throw busy();
    }

    /** List Queues: up to {@code max} queues whose names start with {@code prefix}, from {@code marker} on. */
    public QueueList listQueues(String account, String prefix, Optional<String> marker, int max) {
        List<QueueInfo> queues = new ArrayList<>();
        Optional<RecordRange> range = QueueCatalog.queues(account, prefix, marker.orElse(null));
        if (range.isEmpty()) {
            return new QueueList(queues, Optional.empty());
        }
        try (RecordCursor cursor = store.scan(QueueCatalog.SPACE, range.get())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                String name = QueueCatalog.name(row.array(), row.offset(), row.length());
                if (queues.size() == max) {
                    return new QueueList(queues, Optional.of(name));
                }
                ByteView payload = cursor.payload();
                queues.add(new QueueInfo(name, QueueCatalog.metadata(payload.array(), payload.offset(), payload.length())));
            }
        }
        return new QueueList(queues, Optional.empty());
    }

    /**
     * Put Message: visible after {@code visibilityTimeout}, expiring after {@code timeToLive}
     * (empty: never). Answers with the message's id, times and pop receipt.
     */
    public QueueMessage putMessage(String account, String name, String text, Duration visibilityTimeout,
                                   Optional<Duration> timeToLive) {
        Queue queue = queue(account, name);
        Instant now = clock.instant();
        long nowMillis = now.toEpochMilli();
        UUID id = UUID.randomUUID();
        long sequenceNumber = sequence.updateAndGet(last -> Math.max(last + 1, nowMillis * 1024));
        StoredMessage message = new StoredMessage(id, new Position(nowMillis + visibilityTimeout.toMillis(), sequenceNumber),
                newId(), nowMillis, Expiry.of(now, timeToLive).toEpochMilli(), 0, text);
        MessageFloors.Bucket floor = floors.bucket(queue.instance(), MessageLayout.bucketOf(id));
        floor.writing(message.position());
        CommitOutcome outcome;
        try {
            outcome = store.commit(MessageLayout.space(queue.instance()), bucketOf(id), List.of(
                    RecordMutation.put(MessageLayout.idRow(id), MessageLayout.idValue(message.version(), message.position()),
                            Precondition.MUST_NOT_EXIST),
                    RecordMutation.put(message.row(), message.value(), Precondition.NONE)));
        } finally {
            floor.written(message.position());
        }
        if (!(outcome instanceof CommitOutcome.Applied)) {
            throw new IllegalStateException("a new message id was already in use: " + id);
        }
        return answer(message);
    }

    /**
     * Get Messages: up to {@code count} visible messages, each made invisible for
     * {@code visibilityTimeout}, its dequeue count one higher and a new pop receipt.
     */
    public List<QueueMessage> getMessages(String account, String name, int count, Duration visibilityTimeout) {
        Queue queue = queue(account, name);
        long now = clock.millis();
        // By where each message was found: the order they became visible, however they were taken
        // (two servers may give two messages one position, so the id breaks the tie).
        TreeMap<StoredMessage, StoredMessage> taken = new TreeMap<>(FOUND_ORDER);
        Set<UUID> tried = new HashSet<>();
        for (int round = 0; round < GET_ROUNDS && taken.size() < count; round++) {
            List<StoredMessage> visible = this.visible.first(queue.instance(), now, count, count + CANDIDATES_BEYOND);
            List<StoredMessage> expired = visible.stream().filter(m -> m.expires() <= now).toList();
            removeAll(queue, expired);
            boolean lostAny = !expired.isEmpty(); // their places may hide more visible messages
            for (StoredMessage found : inTakingOrder(visible)) {
                if (taken.size() == count) {
                    break;
                }
                if (found.expires() <= now || !tried.add(found.id())) {
                    continue;
                }
                if (!taking.add(found.id())) {
                    lostAny = true; // another consumer on this server is taking it
                    continue;
                }
                try {
                    StoredMessage next = new StoredMessage(found.id(), new Position(now + visibilityTimeout.toMillis(),
                            found.position().sequence()), newId(), found.inserted(), found.expires(),
                            found.dequeueCount() + 1, found.text());
                    if (move(queue, found, next)) {
                        taken.put(found, next);
                    } else {
                        lostAny = true;
                        lastRaceLost = System.nanoTime();
                    }
                } finally {
                    taking.remove(found.id());
                }
            }
            if (!lostAny) {
                break;
            }
        }
        return taken.values().stream().map(QueueService::answer).toList();
    }

    /**
     * The order a Get Messages tries the messages it found: as found, or at random on a shared store
     * while this service is losing races to consumers it cannot see ({@link #CONTENDED_FOR_NANOS}).
     */
    private List<StoredMessage> inTakingOrder(List<StoredMessage> found) {
        if (!shared || System.nanoTime() - lastRaceLost >= CONTENDED_FOR_NANOS) {
            return found;
        }
        List<StoredMessage> shuffled = new ArrayList<>(found);
        Collections.shuffle(shuffled, ThreadLocalRandom.current());
        return shuffled;
    }

    /** Peek Messages: up to {@code count} visible messages, changing nothing. */
    public List<QueueMessage> peekMessages(String account, String name, int count) {
        Queue queue = queue(account, name);
        long now = clock.millis();
        List<QueueMessage> peeked = new ArrayList<>();
        for (StoredMessage found : visible.first(queue.instance(), now, count, count)) {
            if (peeked.size() == count) {
                break;
            }
            if (found.expires() > now) {
                peeked.add(answer(found));
            }
        }
        return peeked;
    }

    /**
     * Delete Message: 404 MessageNotFound when there is no such message (or it expired), 400
     * PopReceiptMismatch when {@code popReceipt} is not its current one.
     */
    public void deleteMessage(String account, String name, String messageId, String popReceipt) {
        Queue queue = queue(account, name);
        UUID id = messageId(messageId);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            StoredMessage current = current(queue, id, popReceipt);
            if (remove(queue, current)) {
                return;
            }
        }
        throw busy();
    }

    /**
     * Update Message: visible again after {@code visibilityTimeout}, with new text if given; the
     * dequeue count, insertion and expiry stay. The pop receipt given stops working. A timeout
     * reaching past the message's expiry is 400 InvalidQueryParameterValue.
     */
    public UpdatedMessage updateMessage(String account, String name, String messageId, String popReceipt,
                                        Duration visibilityTimeout, Optional<String> text) {
        Queue queue = queue(account, name);
        UUID id = messageId(messageId);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            StoredMessage current = current(queue, id, popReceipt);
            long now = clock.millis();
            if (now + visibilityTimeout.toMillis() > current.expires()) {
                throw new ServiceException(CommonError.INVALID_QUERY_PARAMETER_VALUE,
                        "The visibility timeout would keep the message invisible past its expiration time.");
            }
            StoredMessage next = new StoredMessage(id, new Position(now + visibilityTimeout.toMillis(),
                    current.position().sequence()), newId(), current.inserted(), current.expires(),
                    current.dequeueCount(), text.orElse(current.text()));
            if (move(queue, current, next)) {
                return new UpdatedMessage(receipt(next), Instant.ofEpochMilli(next.position().visibleAt()));
            }
        }
        throw busy();
    }

    /** Clear Messages: every message, visible or not, at once; the queue stays. */
    public void clearMessages(String account, String name) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Queue queue = queue(account, name);
            if (commitQueue(queue, newId(), queue.metadata())) {
                store.drop(MessageLayout.space(queue.instance()));
                floors.forget(queue.instance());
                return;
            }
        }
        throw busy();
    }

    /** Get Queue ACL: the queue's stored access policies; 404 QueueNotFound when there is no queue. */
    public AccessPolicies acl(String account, String name) {
        return findAcl(account, name).orElseThrow(() -> new ServiceException(QueueError.QUEUE_NOT_FOUND));
    }

    /**
     * The queue's stored access policies, or empty when there is no queue (what a queue SAS naming
     * {@code si} needs). The queue's row is read before and after its ACL, and must be the same
     * version both times: a queue deleted and made again in between never lends the new queue the old
     * one's policies (every Set Queue ACL writes the queue's row too).
     */
    public Optional<AccessPolicies> findAcl(String account, String name) {
        if (!QueueNames.isValid(name)) {
            return Optional.empty();
        }
        for (int attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
            Optional<Queue> before = find(account, name);
            if (before.isEmpty()) {
                return Optional.empty();
            }
            Optional<StoredValue> acl = store.get(QueueCatalog.SPACE, QueueCatalog.partition(account),
                    QueueCatalog.aclRow(name));
            Optional<Queue> after = find(account, name);
            if (after.isPresent() && after.get().version() == before.get().version()) {
                return Optional.of(acl.map(v -> AccessPolicies.decode(v.payload())).orElse(AccessPolicies.empty()));
            }
        }
        throw busy();
    }

    /**
     * Set Queue ACL: replaces the queue's stored access policies, in one commit with the queue's
     * row on the version read, so that it never lands beside a queue deleted meanwhile.
     */
    public void setAcl(String account, String name, AccessPolicies acl) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            Queue queue = queue(account, name);
            CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(account), List.of(
                    RecordMutation.put(QueueCatalog.queueRow(name),
                            QueueCatalog.queueValue(newId(), queue.instance(), queue.metadata()),
                            new Precondition.VersionEquals(queue.version())),
                    RecordMutation.put(QueueCatalog.aclRow(name), StoredValue.of(newId(), acl.encode()), Precondition.NONE)));
            if (outcome instanceof CommitOutcome.Applied) {
                return;
            }
        }
        throw busy();
    }

    /**
     * Removes the expired messages a Get Messages would meet, in every queue of every account, for
     * the queues no one reads: at most {@link #SWEPT_PER_BUCKET} per bucket of each queue a sweep, among
     * the visible messages (an invisible one is removed once it is visible again). Safe on any number
     * of servers at once: each removal is a commit on the version read, as a Get's are.
     *
     * @return how many expired messages were found and removed (a race lost to a consumer counts too)
     */
    public long sweepExpired() {
        long listing = floors.beginListing();
        List<Queue> queues = new ArrayList<>();
        try (RecordCursor cursor = store.scan(QueueCatalog.SPACE, RecordRange.all())) {
            while (cursor.advance()) {
                ByteView row = cursor.row();
                if (!QueueCatalog.isQueueRow(row.array(), row.offset(), row.length())) {
                    continue;
                }
                ByteView payload = cursor.payload();
                queues.add(new Queue(new String(cursor.partition().toArray(), StandardCharsets.UTF_8), QueueCatalog.name(row.array(), row.offset(),
                        row.length()), cursor.version(),
                        QueueCatalog.messagesInstance(payload.array(), payload.offset(), payload.length()), QueueMetadata.NONE));
            }
        }
        floors.keepOnly(queues.stream().map(Queue::instance).collect(Collectors.toSet()), listing);
        long removed = 0;
        for (Queue queue : queues) {
            long now = clock.millis();
            List<StoredMessage> expired = new ArrayList<>();
            for (int bucket = 0; bucket < MessageLayout.BUCKETS; bucket++) {
                try (RecordCursor cursor = store.scan(MessageLayout.space(queue.instance()), MessageLayout.visible(bucket, now))) {
                    int found = 0;
                    while (found < SWEPT_PER_BUCKET && cursor.advance()) {
                        StoredMessage message = MessageLayout.message(cursor.row(), cursor.version(), cursor.payload());
                        if (message.expires() <= now) {
                            expired.add(message);
                            found++;
                        }
                    }
                }
            }
            removeAll(queue, expired);
            removed += expired.size();
        }
        return removed;
    }

    /** Rewrites a queue's row on the version read: its messages instance, its metadata. */
    private boolean commitQueue(Queue queue, long instance, QueueMetadata metadata) {
        CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(queue.account()), List.of(
                RecordMutation.put(QueueCatalog.queueRow(queue.name()), QueueCatalog.queueValue(newId(), instance, metadata),
                        new Precondition.VersionEquals(queue.version()))));
        return outcome instanceof CommitOutcome.Applied;
    }

    private Optional<Queue> find(String account, String name) {
        return store.get(QueueCatalog.SPACE, QueueCatalog.partition(account), QueueCatalog.queueRow(name))
                .map(v -> new Queue(account, name, v.version(),
                        QueueCatalog.messagesInstance(v.bytes(), StoredValue.HEADROOM, v.payloadLength()),
                        QueueCatalog.metadata(v.bytes(), StoredValue.HEADROOM, v.payloadLength())));
    }

    private Queue queue(String account, String name) {
        QueueNames.validate(name);
        return find(account, name).orElseThrow(() -> new ServiceException(QueueError.QUEUE_NOT_FOUND));
    }

    /**
     * The message as stored now, if {@code popReceipt} is its current receipt: MessageNotFound when
     * it is not there or expired, PopReceiptMismatch when the receipt is not its latest.
     */
    private StoredMessage current(Queue queue, UUID id, String popReceipt) {
        Optional<PopReceipt> given = PopReceipt.decode(popReceipt);
        if (given.isPresent()) {
            // The usual case, in one read: the receipt names the message's row, which holds the
            // receipt's version only while the message is in the state that receipt was issued for.
            Position position = given.get().position();
            Optional<StoredValue> row = store.get(MessageLayout.space(queue.instance()), bucketOf(id),
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
            Optional<StoredValue> idValue = store.get(MessageLayout.space(queue.instance()), bucket, MessageLayout.idRow(id));
            if (idValue.isEmpty()) {
                throw new ServiceException(QueueError.MESSAGE_NOT_FOUND);
            }
            Position position = MessageLayout.position(idValue.get());
            Optional<StoredValue> row = store.get(MessageLayout.space(queue.instance()), bucket,
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
        throw busy();
    }

    /**
     * Moves a message to its next state, if it is still in the state read; false when another writer
     * changed it. The id row's version is the one condition (see {@link MessageLayout}).
     */
    private boolean move(Queue queue, StoredMessage from, StoredMessage to) {
        List<RecordMutation> mutations = new ArrayList<>(3);
        mutations.add(RecordMutation.put(MessageLayout.idRow(to.id()), MessageLayout.idValue(to.version(), to.position()),
                new Precondition.VersionEquals(from.version())));
        if (!from.position().equals(to.position())) {
            mutations.add(RecordMutation.delete(from.row(), Precondition.NONE));
        }
        mutations.add(RecordMutation.put(to.row(), to.value(), Precondition.NONE));
        MessageFloors.Bucket floor = floors.bucket(queue.instance(), MessageLayout.bucketOf(from.id()));
        floor.writing(to.position());
        try {
            return store.commit(MessageLayout.space(queue.instance()), bucketOf(from.id()), mutations)
                    instanceof CommitOutcome.Applied;
        } finally {
            floor.written(to.position());
        }
    }

    /**
     * Removes expired messages, a bucket and {@link #REMOVALS_PER_COMMIT} at a time, each if it is
     * still in the state read; a commit that finds one changed removes none of its messages, which
     * a later Get Messages finds again.
     */
    private void removeAll(Queue queue, List<StoredMessage> messages) {
        Map<Integer, List<RecordMutation>> byBucket = new TreeMap<>();
        for (StoredMessage message : messages) {
            List<RecordMutation> mutations = byBucket.computeIfAbsent(MessageLayout.bucketOf(message.id()), b -> new ArrayList<>());
            mutations.add(RecordMutation.delete(MessageLayout.idRow(message.id()),
                    new Precondition.VersionEquals(message.version())));
            mutations.add(RecordMutation.delete(message.row(), Precondition.NONE));
        }
        byBucket.forEach((bucket, mutations) -> {
            for (int from = 0; from < mutations.size(); from += 2 * REMOVALS_PER_COMMIT) {
                store.commit(MessageLayout.space(queue.instance()), MessageLayout.bucket(bucket),
                        mutations.subList(from, Math.min(mutations.size(), from + 2 * REMOVALS_PER_COMMIT)));
            }
        });
    }

    /** Removes a message, if it is still in the state read. */
    private boolean remove(Queue queue, StoredMessage message) {
        return store.commit(MessageLayout.space(queue.instance()), bucketOf(message.id()), List.of(
                RecordMutation.delete(MessageLayout.idRow(message.id()), new Precondition.VersionEquals(message.version())),
                RecordMutation.delete(message.row(), Precondition.NONE))) instanceof CommitOutcome.Applied;
    }

    private static byte[] bucketOf(UUID id) {
        return MessageLayout.bucket(MessageLayout.bucketOf(id));
    }

    private static QueueMessage answer(StoredMessage message) {
        return new QueueMessage(message.id().toString(), Instant.ofEpochMilli(message.inserted()),
                Instant.ofEpochMilli(message.expires()), receipt(message),
                Instant.ofEpochMilli(message.position().visibleAt()), message.dequeueCount(), message.text());
    }

    private static String receipt(StoredMessage message) {
        return new PopReceipt(message.position(), message.version()).encode();
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

    /** A random positive id: a message's version, a queue's messages instance. */
    private static long newId() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
    }

    private static ServiceException busy() {
        return new ServiceException(CommonError.SERVER_BUSY,
                "The queue is being changed by too many concurrent requests; please retry.");
    }
}
