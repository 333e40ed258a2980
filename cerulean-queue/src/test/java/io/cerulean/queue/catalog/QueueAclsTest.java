package io.cerulean.queue.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.acl.StoredAccessPolicy;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.storage.state.ServerState;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Queue ACLs alone, on the memory store: stored beside the queue, and only ever its own. */
class QueueAclsTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final AccessPolicies READERS = new AccessPolicies(List.of(new StoredAccessPolicy("readers",
            Optional.empty(), Optional.of(Instant.parse("2030-01-01T00:00:00Z")), Optional.of("rp"))));

    private final MemoryKeyValueStore store = new MemoryKeyValueStore();
    private final Queues queues = new Queues(store, new ServerState(store));
    private final QueueAcls acls = new QueueAcls(store, queues);

    @BeforeEach
    void create() {
        queues.create(ACCOUNT, "work", new QueueMetadata(Map.of("kept", "yes")));
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aNewQueueHasNoPoliciesAndASetReplacesThemWhole() {
        assertThat(acls.acl(ACCOUNT, "work")).isEqualTo(AccessPolicies.empty());
        acls.set(ACCOUNT, "work", READERS);
        assertThat(acls.acl(ACCOUNT, "work")).isEqualTo(READERS);
        assertThat(acls.find(ACCOUNT, "work")).contains(READERS);
        acls.set(ACCOUNT, "work", AccessPolicies.empty());
        assertThat(acls.acl(ACCOUNT, "work")).isEqualTo(AccessPolicies.empty());
    }

    @Test
    void settingPoliciesKeepsTheQueuesMetadataAndMessages() {
        StoredQueue before = queues.queue(ACCOUNT, "work");
        acls.set(ACCOUNT, "work", READERS);
        StoredQueue after = queues.queue(ACCOUNT, "work");
        assertThat(after.instance()).isEqualTo(before.instance());
        assertThat(after.metadata()).isEqualTo(before.metadata());
    }

    @Test
    void withoutAQueueThereAreNoPoliciesToReadOrSet() {
        assertThat(acls.find(ACCOUNT, "nosuch")).isEmpty();
        assertThat(acls.find(ACCOUNT, "Not_A_Queue_Name")).as("a name no queue can have").isEmpty();
        assertThatThrownBy(() -> acls.acl(ACCOUNT, "nosuch")).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(QueueError.QUEUE_NOT_FOUND));
        assertThatThrownBy(() -> acls.set(ACCOUNT, "nosuch", READERS)).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(QueueError.QUEUE_NOT_FOUND));
        assertThat(acls.find(ACCOUNT, "nosuch")).as("a failed set leaves nothing behind").isEmpty();
    }

    @Test
    void aQueueMadeAgainUnderAnOldNameHasNoneOfTheOldPolicies() {
        acls.set(ACCOUNT, "work", READERS);
        queues.delete(ACCOUNT, "work");
        assertThat(acls.find(ACCOUNT, "work")).isEmpty();
        queues.create(ACCOUNT, "work", QueueMetadata.NONE);
        assertThat(acls.acl(ACCOUNT, "work")).isEqualTo(AccessPolicies.empty());
    }
}
