package io.cerulean.examples.interpartitionindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.azure.storage.queue.models.QueueMessageItem;
import io.cerulean.examples.interpartitionindex.InterPartitionSecondaryIndex.Employee;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the guide promises of the inter-partition secondary index and its worker, through the example's own code. */
@CeruleanTest(shared = true)
class InterPartitionSecondaryIndexTest {
    private static final Duration VISIBILITY = Duration.ofSeconds(1);
    private static final Employee JONES = new Employee("Sales", "000223", "jonesj@contoso.com", "John", "Jones");
    private static final Employee HALL = new Employee("Sales", "000224", "halla@contoso.com", "Ann", "Hall");

    private final Traffic traffic = new Traffic();
    private TableClient table;
    private QueueClient updates;
    private QueueClient poison;

    private InterPartitionSecondaryIndex example(String connectionString, String name) {
        table = Clients.tables(connectionString, traffic).createTableIfNotExists("InterPartition" + name);
        QueueServiceClient queues = Clients.queues(connectionString, traffic);
        updates = queues.createQueue("inter-partition-" + name.toLowerCase());
        poison = queues.createQueue("inter-partition-" + name.toLowerCase() + "-poison");
        return new InterPartitionSecondaryIndex(table, updates, poison, traffic,
                new PrintStream(OutputStream.nullOutputStream()));
    }

    @Test
    void lookupsByIdAndByEmailArePointQueriesAndTheEmailIndexAgreesOnceTheWorkerHasRun(
            @CeruleanConnectionString String cs) {
        InterPartitionSecondaryIndex example = example(cs, "Lookups");
        Traffic.Measured<Void> hired = traffic.measure(() -> {
            example.hire(JONES);
            return null;
        });

        Traffic.Measured<Optional<Employee>> byId = traffic.measure(() -> example.byId("Sales", "000223"));
        Traffic.Measured<Optional<Employee>> lagging = traffic.measure(() -> example.byEmail("Sales",
                "jonesj@contoso.com"));
        Traffic.Measured<Boolean> worked = traffic.measure(() -> example.work(VISIBILITY));
        Traffic.Measured<Optional<Employee>> byEmail = traffic.measure(() -> example.byEmail("Sales",
                "jonesj@contoso.com"));

        assertThat(hired.cost().requests()).as("an insert and a message").isEqualTo(2);
        assertThat(byId.value()).contains(JONES);
        assertThat(lagging.value()).as("the email index before the worker").isEmpty();
        assertThat(worked.value()).isTrue();
        assertThat(worked.cost().requests()).as("receive, read the id entity, upsert, delete the message")
                .isEqualTo(4);
        assertThat(byEmail.value()).as("after the worker").isEqualTo(byId.value());
        for (Traffic.Measured<Optional<Employee>> lookup : List.of(byId, lagging, byEmail)) {
            assertThat(lookup.cost().requests()).isEqualTo(1);
            assertThat(lookup.cost().queryClasses()).containsExactly("POINT");
            assertThat(lookup.cost().entitiesRead()).isLessThanOrEqualTo(1);
        }
        assertThat(byId.cost().entitiesRead()).isEqualTo(1);
        assertThat(lagging.cost().entitiesRead()).isZero();
        assertThat(byEmail.cost().entitiesRead()).isEqualTo(1);

        Traffic.Measured<Void> changed = traffic.measure(() -> {
            example.changeEmail("Sales", "000223", "john.jones@contoso.com");
            return null;
        });
        Employee moved = new Employee("Sales", "000223", "john.jones@contoso.com", "John", "Jones");
        assertThat(example.byId("Sales", "000223")).contains(moved);
        assertThat(example.byEmail("Sales", "jonesj@contoso.com")).as("the old address until the worker runs")
                .contains(JONES);
        assertThat(example.byEmail("Sales", "john.jones@contoso.com")).isEmpty();
        Traffic.Measured<Boolean> movedByWorker = traffic.measure(() -> example.work(VISIBILITY));
        assertThat(movedByWorker.value()).isTrue();
        assertThat(changed.cost().requests()).as("a read, an update on its ETag, a message").isEqualTo(3);
        assertThat(movedByWorker.cost().requests())
                .as("receive, read, upsert, read the old address's entity, delete it, delete the message")
                .isEqualTo(6);
        assertThat(example.byEmail("Sales", "jonesj@contoso.com")).isEmpty();
        assertThat(example.byEmail("Sales", "john.jones@contoso.com")).contains(moved);
        assertThat(example.work(VISIBILITY)).as("nothing left to do").isFalse();
    }

    @Test
    void aMessageAppliedTwiceChangesNothing(@CeruleanConnectionString String cs) {
        InterPartitionSecondaryIndex example = example(cs, "Twice");
        example.hire(JONES);
        example.hire(HALL);
        example.work(VISIBILITY);
        example.work(VISIBILITY);
        example.changeEmail("Sales", "000223", "john.jones@contoso.com");

        QueueMessageItem change = example.take(VISIBILITY).orElseThrow();
        example.apply(change);
        List<String> once = contents();
        example.apply(change);
        List<String> twice = contents();
        example.done(change);

        assertThat(twice).isEqualTo(once);
        assertThat(once).containsExactly(
                "email_Sales/halla@contoso.com=" + HALL,
                "email_Sales/john.jones@contoso.com=" + new Employee("Sales", "000223", "john.jones@contoso.com",
                        "John", "Jones"),
                "empid_Sales/000223=" + new Employee("Sales", "000223", "john.jones@contoso.com", "John", "Jones"),
                "empid_Sales/000224=" + HALL);
    }

    @Test
    void aWorkerThatDiesAfterItsWriteLeavesItsMessageToReappearAndTheNextWorkerFinishes(
            @CeruleanConnectionString String cs) throws InterruptedException {
        InterPartitionSecondaryIndex example = example(cs, "Crash");
        example.hire(JONES);
        example.hire(HALL);

        QueueMessageItem taken = example.take(VISIBILITY).orElseThrow();
        example.apply(taken);
        // The worker dies here: the write is done, the message not deleted.
        assertThat(example.work(VISIBILITY)).as("the other message").isTrue();
        assertThat(example.work(VISIBILITY)).as("the first is hidden while its timeout runs").isFalse();

        Thread.sleep(VISIBILITY.toMillis() + 200);
        assertThat(example.work(VISIBILITY)).as("the message has reappeared").isTrue();
        assertThat(example.work(VISIBILITY)).isFalse();

        assertThat(example.byEmail("Sales", "jonesj@contoso.com")).contains(JONES);
        assertThat(example.byEmail("Sales", "halla@contoso.com")).contains(HALL);
        assertThat(contents()).as("one entity per employee in each partition").hasSize(4);
        assertThat(updates.getProperties().getApproximateMessagesCount()).isZero();
        assertThat(poison.peekMessages(32, null, null)).isEmpty();
    }

    @Test
    void aMessageThatKeepsFailingIsSetAsideInThePoisonQueue(@CeruleanConnectionString String cs)
            throws InterruptedException {
        InterPartitionSecondaryIndex example = example(cs, "Poison");
        updates.sendMessage("not an update");

        for (int attempt = 1; attempt <= InterPartitionSecondaryIndex.MAX_DEQUEUES; attempt++) {
            assertThatThrownBy(() -> example.work(VISIBILITY)).isInstanceOf(IllegalArgumentException.class);
            Thread.sleep(VISIBILITY.toMillis() + 200);
        }
        assertThat(example.work(VISIBILITY)).isTrue();

        assertThat(updates.peekMessages(32, null, null)).isEmpty();
        assertThat(poison.peekMessages(32, null, null)).extracting(PeekedMessageItem::getBody)
                .extracting(Object::toString).containsExactly("not an update");
    }

    /** Every entity of the table, as key = employee, in key order. */
    private List<String> contents() {
        return table.listEntities().stream()
                .map((TableEntity e) -> e.getPartitionKey() + "/" + e.getRowKey() + "=" + Employee.of(e)).toList();
    }
}
