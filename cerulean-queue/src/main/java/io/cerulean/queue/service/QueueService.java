package io.cerulean.queue.service;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.catalog.QueueAcls;
import io.cerulean.queue.catalog.QueuePage;
import io.cerulean.queue.catalog.Queues;
import io.cerulean.queue.catalog.StoredQueue;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.PopReceipt;
import io.cerulean.queue.layout.QueueCatalog;
import io.cerulean.queue.messages.Dequeuer;
import io.cerulean.queue.messages.ExpirySweep;
import io.cerulean.queue.messages.MessageFloors;
import io.cerulean.queue.messages.MessageRows;
import io.cerulean.queue.messages.Messages;
import io.cerulean.queue.messages.VisibleMessages;
import io.cerulean.queue.model.QueueInfo;
import io.cerulean.queue.model.QueueMessage;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.storage.AccountPartitions;
import io.cerulean.storage.KeySpaces;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.database.Database;
import io.cerulean.storage.state.ServerState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The Queue service's operations on any {@link KeyValueStore} (layout in {@link QueueCatalog} and
 * {@link MessageLayout}): what the REST layer calls. Parameters are taken as the REST layer has
 * checked them (ranges, sizes); what depends on stored state is decided by the pieces this class
 * puts together: the catalogue ({@link Queues}, {@link QueueAcls}) finds a queue and the instance
 * its messages are in, and the message operations ({@link Messages}, {@link Dequeuer},
 * {@link ExpirySweep}) work on that instance.
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

    private final KeyValueStore store;
    private final Queues queues;
    private final QueueAcls acls;
    private final Messages messages;
    private final Dequeuer dequeuer;
    private final ExpirySweep sweep;

    /**
     * The Queue service on {@code database}, as a server opens it, once its key spaces' formats are
     * checked (or recorded, on a store used for the first time). Times come from {@code clock}.
     *
     * @throws io.cerulean.storage.StoreFormatException when the store holds queues in another format
     */
    public static QueueService open(Database database, Clock clock) {
        database.checkFormat(KeySpaces.QUEUE_CATALOG, QueueCatalog.FORMAT_VERSION);
        database.checkFormat(KeySpaces.QUEUE_MESSAGES, MessageLayout.FORMAT_VERSION);
        return new QueueService(database.records(), clock, database.exclusive());
    }

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
        this.queues = new Queues(store, new ServerState(store));
        this.acls = new QueueAcls(store, queues);
        MessageFloors floors = new MessageFloors(exclusive);
        VisibleMessages visible = new VisibleMessages(store, floors);
        MessageRows rows = new MessageRows(store, clock, floors);
        this.messages = new Messages(store, clock, floors, visible, rows);
        this.dequeuer = new Dequeuer(clock, floors, visible, rows);
        this.sweep = new ExpirySweep(store, clock, floors, rows);
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

    /** Completes once every write that returned before this call is durable. */
    public CompletableFuture<Void> whenDurable() {
        return store.whenDurable();
    }

    /**
     * Create Queue: 409 QueueAlreadyExists when a queue of the name is there with other metadata
     * (names compared without regard to case, values exactly).
     */
    public Creation createQueue(String account, String name, QueueMetadata metadata) {
        return queues.create(account, name, metadata) ? Creation.CREATED : Creation.ALREADY_THERE;
    }

    /** Delete Queue: the queue, its ACL and every message in it, at once. */
    public void deleteQueue(String account, String name) {
        messages.drop(queues.delete(account, name));
    }

    /**
     * Deletes every queue of the account, each as Delete Queue does (its ACL and messages with it): a
     * reset. A queue created meanwhile may survive it.
     *
     * @return how many queues were deleted
     */
    public long deleteAccount(String account) {
        long deleted = 0;
        for (QueueInfo queue : allQueues(account)) {
            try {
                deleteQueue(account, queue.name());
                deleted++;
            } catch (ServiceException e) {
                if (e.errorCode() != QueueError.QUEUE_NOT_FOUND) {
                    throw e;
                }
                // deleted meanwhile by another request: gone all the same
            }
        }
        return deleted;
    }

    /** Every account that has a queue, in name order. */
    public java.util.SortedSet<String> accounts() {
        return AccountPartitions.of(store, QueueCatalog.SPACE);
    }

    private List<QueueInfo> allQueues(String account) {
        List<QueueInfo> all = new java.util.ArrayList<>();
        Optional<String> marker = Optional.empty();
        do {
            QueuePage page = queues.list(account, "", marker, 1000);
            all.addAll(page.queues());
            marker = page.nextMarker();
        } while (marker.isPresent());
        return all;
    }

    /** Get Queue Metadata. */
    public QueueProperties properties(String account, String name) {
        StoredQueue queue = queues.queue(account, name);
        return new QueueProperties(queue.metadata(), messages.count(queue.instance()));
    }

    /** Set Queue Metadata: replaces all of it. */
    public void setMetadata(String account, String name, QueueMetadata metadata) {
        queues.setMetadata(account, name, metadata);
    }

    /** List Queues: up to {@code max} queues whose names start with {@code prefix}, from {@code marker} on. */
    public QueueList listQueues(String account, String prefix, Optional<String> marker, int max) {
        QueuePage page = queues.list(account, prefix, marker, max);
        return new QueueList(page.queues(), page.nextMarker());
    }

    /**
     * Put Message: visible after {@code visibilityTimeout}, expiring after {@code timeToLive}
     * (empty: never). Answers with the message's id, times and pop receipt.
     */
    public QueueMessage putMessage(String account, String name, String text, Duration visibilityTimeout,
                                   Optional<Duration> timeToLive) {
        return messages.put(queues.queue(account, name).instance(), text, visibilityTimeout, timeToLive);
    }

    /**
     * Get Messages: up to {@code count} visible messages, each made invisible for
     * {@code visibilityTimeout}, its dequeue count one higher and a new pop receipt.
     */
    public List<QueueMessage> getMessages(String account, String name, int count, Duration visibilityTimeout) {
        return dequeuer.take(queues.queue(account, name).instance(), count, visibilityTimeout);
    }

    /** Peek Messages: up to {@code count} visible messages, changing nothing. */
    public List<QueueMessage> peekMessages(String account, String name, int count) {
        return messages.peek(queues.queue(account, name).instance(), count);
    }

    /**
     * Delete Message: 404 MessageNotFound when there is no such message (or it expired), 400
     * PopReceiptMismatch when {@code popReceipt} is not its current one.
     */
    public void deleteMessage(String account, String name, String messageId, String popReceipt) {
        messages.delete(queues.queue(account, name).instance(), messageId, popReceipt);
    }

    /**
     * Update Message: visible again after {@code visibilityTimeout}, with new text if given; the
     * dequeue count, insertion and expiry stay. The pop receipt given stops working. A timeout
     * reaching past the message's expiry is 400 InvalidQueryParameterValue.
     */
    public UpdatedMessage updateMessage(String account, String name, String messageId, String popReceipt,
                                        Duration visibilityTimeout, Optional<String> text) {
        PopReceipt receipt = messages.update(queues.queue(account, name).instance(), messageId, popReceipt,
                visibilityTimeout, text);
        return new UpdatedMessage(receipt.encode(), Instant.ofEpochMilli(receipt.position().visibleAt()));
    }

    /** Clear Messages: every message, visible or not, at once; the queue stays. */
    public void clearMessages(String account, String name) {
        messages.drop(queues.renewInstance(account, name));
    }

    /** Get Queue ACL: the queue's stored access policies; 404 QueueNotFound when there is no queue. */
    public AccessPolicies acl(String account, String name) {
        return acls.acl(account, name);
    }

    /**
     * The queue's stored access policies, or empty when there is no queue (what a queue SAS naming
     * {@code si} needs); never the policies of an earlier queue of the name.
     */
    public Optional<AccessPolicies> findAcl(String account, String name) {
        return acls.find(account, name);
    }

    /**
     * Set Queue ACL: replaces the queue's stored access policies, in one commit with the queue's
     * row on the version read, so that it never lands beside a queue deleted meanwhile.
     */
    public void setAcl(String account, String name, AccessPolicies acl) {
        acls.set(account, name, acl);
    }

    /**
     * Removes the expired messages a Get Messages would meet, in every queue of every account, for
     * the queues no one reads (see {@link ExpirySweep}).
     *
     * @return how many expired messages were found and removed (a race lost to a consumer counts too)
     */
    public long sweepExpired() {
        return sweep.sweep(queues::instances);
    }
}
