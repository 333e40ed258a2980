package io.cerulean.queue.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.acl.AccessPolicies;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.queue.error.QueueError;
import io.cerulean.queue.layout.QueueCatalog;
import io.cerulean.queue.model.QueueInfo;
import io.cerulean.queue.model.QueueMetadata;
import io.cerulean.storage.Precondition;
import io.cerulean.storage.RecordMutation;
import io.cerulean.storage.state.ServerState;
import io.cerulean.store.memory.MemoryKeyValueStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The queue catalogue alone, on the memory store: queues, their metadata and their messages instances. */
class QueuesTest {
    private static final String ACCOUNT = "devstoreaccount1";

    private final MemoryKeyValueStore store = new MemoryKeyValueStore();
    private final Queues queues = new Queues(store, new ServerState(store));

    @AfterEach
    void close() {
        store.close();
    }

    private static void assertFails(ThrowingCallable call, ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ServiceException.class,
                e -> assertThat(e.errorCode()).isEqualTo(code));
    }

    @Test
    void createIsTrueForANewQueueFalseForOneThereWithTheSameMetadataElseAConflict() {
        QueueMetadata metadata = new QueueMetadata(Map.of("Owner", "ops"));
        assertThat(queues.create(ACCOUNT, "orders", metadata)).isTrue();
        assertThat(queues.create(ACCOUNT, "orders", metadata)).isFalse();
        assertFails(() -> queues.create(ACCOUNT, "orders", QueueMetadata.NONE), QueueError.QUEUE_ALREADY_EXISTS);
        assertThat(queues.create("otheraccount", "orders", QueueMetadata.NONE)).as("another account's").isTrue();
        assertThat(queues.queue(ACCOUNT, "orders").metadata().pairs()).containsExactly(Map.entry("Owner", "ops"));
    }

    @Test
    void aQueueIsFoundOnlyUnderAValidNameThatExists() {
        assertThat(queues.find(ACCOUNT, "nosuch")).isEmpty();
        assertFails(() -> queues.queue(ACCOUNT, "nosuch"), QueueError.QUEUE_NOT_FOUND);
        assertFails(() -> queues.queue(ACCOUNT, "No_Such"), CommonError.INVALID_RESOURCE_NAME);
        assertFails(() -> queues.setMetadata(ACCOUNT, "nosuch", QueueMetadata.NONE), QueueError.QUEUE_NOT_FOUND);
        assertFails(() -> queues.renewInstance(ACCOUNT, "nosuch"), QueueError.QUEUE_NOT_FOUND);
    }

    @Test
    void eachQueueHasItsOwnMessagesInstanceWhichMetadataChangesKeep() {
        queues.create(ACCOUNT, "one", QueueMetadata.NONE);
        queues.create(ACCOUNT, "two", QueueMetadata.NONE);
        long one = queues.queue(ACCOUNT, "one").instance();
        assertThat(queues.queue(ACCOUNT, "two").instance()).isNotEqualTo(one);
        queues.setMetadata(ACCOUNT, "one", new QueueMetadata(Map.of("A", "1")));
        StoredQueue after = queues.queue(ACCOUNT, "one");
        assertThat(after.instance()).isEqualTo(one);
        assertThat(after.metadata().pairs()).containsExactly(Map.entry("A", "1"));
    }

    @Test
    void renewingGivesANewInstanceKeepsTheMetadataAndAnswersTheOldInstance() {
        queues.create(ACCOUNT, "work", new QueueMetadata(Map.of("kept", "yes")));
        StoredQueue before = queues.queue(ACCOUNT, "work");
        assertThat(queues.renewInstance(ACCOUNT, "work")).isEqualTo(before.instance());
        StoredQueue after = queues.queue(ACCOUNT, "work");
        assertThat(after.instance()).isNotEqualTo(before.instance());
        assertThat(after.version()).as("the row was rewritten").isNotEqualTo(before.version());
        assertThat(after.metadata().pairs()).containsExactly(Map.entry("kept", "yes"));
    }

    @Test
    void messagesInstancesAreCountedInTheServerStateSoNoneIsHandedOutTwice() {
        queues.create(ACCOUNT, "one", QueueMetadata.NONE);
        queues.create("otheraccount", "two", QueueMetadata.NONE);
        long one = queues.queue(ACCOUNT, "one").instance();
        long two = queues.queue("otheraccount", "two").instance();
        queues.renewInstance(ACCOUNT, "one");
        long cleared = queues.queue(ACCOUNT, "one").instance();
        queues.delete("otheraccount", "two");
        new Queues(store, new ServerState(store)).create("otheraccount", "two", QueueMetadata.NONE); // another server
        long again = queues.queue("otheraccount", "two").instance();
        assertThat(List.of(one, two, cleared, again)).as("in the order made, never reused").containsExactly(1L, 2L, 3L, 4L);
        assertThat(new ServerState(store).nextId(QueueCatalog.INSTANCE_IDS)).as("the counter they came from").isEqualTo(5);
    }

    /** Applications create the queues they use at every start: a queue that is there costs no id and no write. */
    @Test
    void creatingAQueueThatIsThereTakesNoId() {
        queues.create(ACCOUNT, "kept", QueueMetadata.NONE);
        for (int i = 0; i < 3; i++) {
            assertThat(queues.create(ACCOUNT, "kept", QueueMetadata.NONE)).isFalse();
        }
        assertThat(new ServerState(store).nextId(QueueCatalog.INSTANCE_IDS)).as("one id taken, by the first").isEqualTo(2);
    }

    /** Queues made before instances were counted hold a random 63-bit instance id. */
    @Test
    void aQueueWithARandomInstanceKeepsItUntilClearedThenGetsACountedOne() {
        long random = 0x5a3c_91d2_0e47_b86fL;
        store.commit(QueueCatalog.SPACE, QueueCatalog.partition(ACCOUNT), List.of(RecordMutation.put(
                QueueCatalog.queueRow("earlier"), QueueCatalog.queueValue(7, random, QueueMetadata.NONE),
                Precondition.MUST_NOT_EXIST)));
        assertThat(queues.queue(ACCOUNT, "earlier").instance()).isEqualTo(random);
        assertThat(queues.instances()).containsExactly(random);
        assertThat(queues.renewInstance(ACCOUNT, "earlier")).isEqualTo(random);
        assertThat(queues.queue(ACCOUNT, "earlier").instance()).isEqualTo(1);
    }

    @Test
    void deleteAnswersTheInstanceTheQueueHadAndANewQueueOfTheNameGetsAnother() {
        queues.create(ACCOUNT, "work", QueueMetadata.NONE);
        long instance = queues.queue(ACCOUNT, "work").instance();
        assertThat(queues.delete(ACCOUNT, "work")).isEqualTo(instance);
        assertThat(queues.find(ACCOUNT, "work")).isEmpty();
        assertFails(() -> queues.delete(ACCOUNT, "work"), QueueError.QUEUE_NOT_FOUND);
        queues.create(ACCOUNT, "work", QueueMetadata.NONE);
        assertThat(queues.queue(ACCOUNT, "work").instance()).isNotEqualTo(instance);
    }

    @Test
    void instancesAreThoseOfEveryQueueOfEveryAccountAndNothingElse() {
        queues.create(ACCOUNT, "one", QueueMetadata.NONE);
        queues.create(ACCOUNT, "two", QueueMetadata.NONE);
        queues.create("otheraccount", "three", QueueMetadata.NONE);
        new QueueAcls(store, queues).set(ACCOUNT, "one", AccessPolicies.empty());
        assertThat(queues.instances()).containsExactlyInAnyOrder(queues.queue(ACCOUNT, "one").instance(),
                queues.queue(ACCOUNT, "two").instance(), queues.queue("otheraccount", "three").instance());
        queues.delete(ACCOUNT, "two");
        assertThat(queues.instances()).hasSize(2);
    }

    @Test
    void aListIsInNameOrderAPageAtATimeWithinOneAccount() {
        for (String name : List.of("beta", "alpha-2", "alpha-1")) {
            queues.create(ACCOUNT, name, new QueueMetadata(Map.of("n", name)));
        }
        queues.create("otheraccount", "alpha-3", QueueMetadata.NONE);
        QueuePage first = queues.list(ACCOUNT, "", Optional.empty(), 2);
        assertThat(first.queues()).extracting(QueueInfo::name).containsExactly("alpha-1", "alpha-2");
        assertThat(first.queues().get(0).metadata().pairs()).containsExactly(Map.entry("n", "alpha-1"));
        assertThat(first.nextMarker()).contains("beta");
        QueuePage second = queues.list(ACCOUNT, "", first.nextMarker(), 2);
        assertThat(second.queues()).extracting(QueueInfo::name).containsExactly("beta");
        assertThat(second.nextMarker()).isEmpty();
        assertThat(queues.list(ACCOUNT, "alpha", Optional.empty(), 10).queues()).hasSize(2);
        assertThat(queues.list(ACCOUNT, "zeta", Optional.empty(), 10).queues()).isEmpty();
    }
}
