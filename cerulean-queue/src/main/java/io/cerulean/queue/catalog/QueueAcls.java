package io.cerulean.queue.catalog;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.error.ServerBusy;
import io.cerulean.queue.layout.QueueCatalog;
import io.cerulean.queue.layout.RandomIds;
import io.cerulean.queue.model.QueueNames;
import io.cerulean.storage.CommitOutcome;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.StoredValue;
import java.util.List;
import java.util.Optional;

/**
 * Each queue's stored access policies: a row beside the queue's in the catalogue, which counts only
 * beside the queue it was written with. Thread-safe: holds nothing but the store.
 */
public final class QueueAcls {
    /** Reads of a queue's row around its ACL before giving up when the queue keeps changing. */
    private static final int READ_ATTEMPTS = 10;

    private final KeyValueStore store;
    private final Queues queues;

    public QueueAcls(KeyValueStore store, Queues queues) {
        this.store = store;
        this.queues = queues;
    }

    /** Get Queue ACL: the queue's stored access policies; 404 QueueNotFound when there is no queue. */
    public AccessPolicies acl(String account, String name) {
        return find(account, name).orElseThrow(() -> new ServiceException(QueueError.QUEUE_NOT_FOUND));
    }

    /**
     * The queue's stored access policies, or empty when there is no queue (what a queue SAS naming
     * {@code si} needs). The queue's row is read before and after its ACL, and must be the same
     * version both times: a queue deleted and made again in between never lends the new queue the old
     * one's policies (every Set Queue ACL writes the queue's row too).
     */
    public Optional<AccessPolicies> find(String account, String name) {
        if (!QueueNames.isValid(name)) {
            return Optional.empty();
        }
        for (int attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
            Optional<StoredQueue> before = queues.find(account, name);
            if (before.isEmpty()) {
                return Optional.empty();
            }
            Optional<StoredValue> acl = store.get(QueueCatalog.SPACE, QueueCatalog.partition(account),
                    QueueCatalog.aclRow(name));
            Optional<StoredQueue> after = queues.find(account, name);
            if (after.isPresent() && after.get().version() == before.get().version()) {
                return Optional.of(acl.map(v -> AccessPolicies.decode(v.payload())).orElse(AccessPolicies.empty()));
            }
        }
        throw ServerBusy.exception();
    }

    /**
     * Set Queue ACL: replaces the queue's stored access policies, in one commit with the queue's
     * row on the version read, so that it never lands beside a queue deleted meanwhile.
     */
    public void set(String account, String name, AccessPolicies acl) {
        for (int attempt = 0; attempt < ServerBusy.ATTEMPTS; attempt++) {
            StoredQueue queue = queues.queue(account, name);
            CommitOutcome outcome = store.commit(QueueCatalog.SPACE, QueueCatalog.partition(account), List.of(
                    RecordMutation.put(QueueCatalog.queueRow(name),
                            QueueCatalog.queueValue(RandomIds.next(), queue.instance(), queue.metadata()),
                            new Precondition.VersionEquals(queue.version())),
                    RecordMutation.put(QueueCatalog.aclRow(name), StoredValue.of(RandomIds.next(), acl.encode()),
                            Precondition.NONE)));
            if (outcome instanceof CommitOutcome.Applied) {
                return;
            }
        }
        throw ServerBusy.exception();
    }
}
