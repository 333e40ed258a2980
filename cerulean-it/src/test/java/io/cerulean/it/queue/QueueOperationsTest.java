package io.cerulean.it.queue;

import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.models.QueueAccessPolicy;
import com.azure.storage.queue.models.QueueProperties;
import com.azure.storage.queue.models.QueueSignedIdentifier;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Queues as resources: Create Queue (201 new, 204 same metadata, 409 other metadata), Delete Queue
 * (its messages go with it), Get/Set Queue Metadata, Get/Set Queue ACL, and the names and metadata
 * names the service refuses. What is stored runs on every store; the checks of names on one.
 */
class QueueOperationsTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final QueueServers SERVERS = new QueueServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    /**
     * 201 the first time, 204 after. (SDK 12.25.0 maps both successes to {@code true}, and only a 409 to
     * {@code false}: the status is what tells them apart.)
     */
    @ParameterizedTest
    @EachStore
    void createIfNotExistsCreatesOnceAndThenFindsTheQueue(ServerFixture store) {
        QueueClient queue = SERVERS.missingQueue(store, "cine");

        Response<Boolean> first = queue.createIfNotExistsWithResponse(null, null, Context.NONE);
        Response<Boolean> second = queue.createIfNotExistsWithResponse(null, null, Context.NONE);

        assertThat(first.getStatusCode()).as("first create").isEqualTo(201);
        assertThat(first.getValue()).isTrue();
        assertThat(second.getStatusCode()).as("second create, same (no) metadata").isEqualTo(204);
        assertThat(SERVERS.service(store).listQueues()).extracting(q -> q.getName()).contains(queue.getQueueName());
    }

    @ParameterizedTest
    @EachStore
    void creatingAgainWithTheSameMetadataIsNoErrorButOtherMetadataIsAConflict(ServerFixture store) {
        QueueClient queue = SERVERS.missingQueue(store, "again");
        Map<String, String> metadata = Map.of("Owner", "billing", "tier", "gold");

        Response<Void> created = queue.createWithResponse(metadata, null, Context.NONE);
        assertThat(created.getStatusCode()).as("new queue").isEqualTo(201);
        Response<Void> same = queue.createWithResponse(Map.of("Owner", "billing", "tier", "gold"), null, Context.NONE);
        assertThat(same.getStatusCode()).as("same metadata").isEqualTo(204);

        assertQueueError(() -> queue.createWithResponse(Map.of("Owner", "shipping", "tier", "gold"), null,
                Context.NONE), 409, "QueueAlreadyExists");
        assertQueueError(queue::create, 409, "QueueAlreadyExists");
        Response<Boolean> ifNotExists = queue.createIfNotExistsWithResponse(Map.of("other", "x"), null, Context.NONE);
        assertThat(ifNotExists.getValue()).as("createIfNotExists with other metadata").isFalse();
        assertThat(ifNotExists.getStatusCode()).isEqualTo(409);

        assertThat(queue.getProperties().getMetadata()).as("metadata after the refused creates")
                .containsExactlyInAnyOrderEntriesOf(metadata);
    }

    @ParameterizedTest
    @EachStore
    void aQueueWithoutMetadataIsCreatedAgainWithoutError(ServerFixture store) {
        QueueClient queue = SERVERS.missingQueue(store, "bare");
        queue.create();

        assertThat(queue.createWithResponse(null, null, Context.NONE).getStatusCode()).isEqualTo(204);
        assertQueueError(() -> queue.createWithResponse(Map.of("late", "x"), null, Context.NONE),
                409, "QueueAlreadyExists");
    }

    @ParameterizedTest
    @EachStore
    void deletingAQueueTakesItsMessagesWithIt(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "gone");
        queue.sendMessage("first");
        queue.sendMessage("second");

        assertThat(queue.deleteWithResponse(null, Context.NONE).getStatusCode()).isEqualTo(204);
        assertQueueError(queue::getProperties, 404, "QueueNotFound");
        assertQueueError(() -> queue.sendMessage("after delete"), 404, "QueueNotFound");
        assertThat(SERVERS.service(store).listQueues()).extracting(q -> q.getName())
                .doesNotContain(queue.getQueueName());

        assertThat(queue.createWithResponse(null, null, Context.NONE).getStatusCode()).as("create again").isEqualTo(201);
        assertThat(queue.getProperties().getApproximateMessagesCount()).isZero();
        assertThat(queue.peekMessages(32, null, Context.NONE)).isEmpty();
        assertThat(queue.receiveMessage()).isNull();
    }

    @ParameterizedTest
    @EachStore
    void deletingAMissingQueueIsQueueNotFound(ServerFixture store) {
        QueueClient queue = SERVERS.missingQueue(store, "never");

        assertQueueError(queue::delete, 404, "QueueNotFound");
        assertThat(queue.deleteIfExists()).isFalse();
        QueueClient existing = SERVERS.newQueue(store, "once");
        assertThat(existing.deleteIfExists()).isTrue();
        assertThat(existing.deleteIfExists()).isFalse();
    }

    @ParameterizedTest
    @EachStore
    void everyOperationOnAMissingQueueIsQueueNotFound(ServerFixture store) {
        QueueClient queue = SERVERS.missingQueue(store, "absent");

        assertQueueError(queue::getProperties, 404, "QueueNotFound");
        assertQueueError(() -> queue.setMetadata(Map.of("a", "b")), 404, "QueueNotFound");
        assertQueueError(() -> queue.getAccessPolicy().stream().count(), 404, "QueueNotFound");
        assertQueueError(() -> queue.setAccessPolicy(List.of()), 404, "QueueNotFound");
        assertQueueError(() -> queue.sendMessage("m"), 404, "QueueNotFound");
        assertQueueError(queue::receiveMessage, 404, "QueueNotFound");
        assertQueueError(queue::peekMessage, 404, "QueueNotFound");
        assertQueueError(queue::clearMessages, 404, "QueueNotFound");
    }

    @ParameterizedTest
    @EachStore
    void propertiesCountEveryMessageAndKeepTheCaseOfMetadataNames(ServerFixture store) {
        QueueClient queue = SERVERS.missingQueue(store, "props");
        Map<String, String> metadata = Map.of("Department", "Finance", "costCentre", "CC-42", "lower", "value with spaces");
        queue.createWithResponse(metadata, null, Context.NONE);
        queue.sendMessage("one");
        queue.sendMessage("two");
        queue.sendMessage("three");
        assertThat(queue.receiveMessage()).as("one taken, and invisible for 30 s").isNotNull();

        QueueProperties properties = queue.getProperties();

        assertThat(properties.getApproximateMessagesCount()).as("visible and invisible messages").isEqualTo(3);
        assertThat(properties.getMetadata()).containsExactlyInAnyOrderEntriesOf(metadata);
    }

    @ParameterizedTest
    @EachStore
    void setMetadataReplacesTheWholeSet(ServerFixture store) {
        QueueClient queue = SERVERS.missingQueue(store, "meta");
        queue.createWithResponse(Map.of("first", "1", "second", "2"), null, Context.NONE);

        assertThat(queue.setMetadataWithResponse(Map.of("Third", "3"), null, Context.NONE).getStatusCode()).isEqualTo(204);
        assertThat(queue.getProperties().getMetadata()).containsExactlyInAnyOrderEntriesOf(Map.of("Third", "3"));

        queue.setMetadata(null);
        assertThat(queue.getProperties().getMetadata()).isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void storedAccessPoliciesRoundTrip(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "acl");
        OffsetDateTime start = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS);
        OffsetDateTime expiry = start.plusDays(7);
        List<QueueSignedIdentifier> policies = List.of(
                policy("readers", start, expiry, "r"),
                policy("workers", start, expiry.plusHours(1), "raup"),
                new QueueSignedIdentifier().setId("open-ended").setAccessPolicy(new QueueAccessPolicy()
                        .setExpiresOn(expiry).setPermissions("ap")));

        assertThat(queue.setAccessPolicyWithResponse(policies, null, Context.NONE).getStatusCode()).isEqualTo(204);
        List<QueueSignedIdentifier> read = queue.getAccessPolicy().stream().toList();

        assertThat(read).extracting(QueueSignedIdentifier::getId).containsExactlyInAnyOrder("readers", "workers", "open-ended");
        for (QueueSignedIdentifier expected : policies) {
            QueueAccessPolicy got = read.stream().filter(p -> p.getId().equals(expected.getId())).findFirst()
                    .orElseThrow().getAccessPolicy();
            QueueAccessPolicy want = expected.getAccessPolicy();
            assertThat(got.getPermissions()).as(expected.getId()).isEqualTo(want.getPermissions());
            assertThat(instantOf(got.getStartsOn())).as(expected.getId() + " start").isEqualTo(instantOf(want.getStartsOn()));
            assertThat(instantOf(got.getExpiresOn())).as(expected.getId() + " expiry").isEqualTo(instantOf(want.getExpiresOn()));
        }

        queue.setAccessPolicy(List.of());
        assertThat(queue.getAccessPolicy()).as("after setting none").isEmpty();
    }

    @ParameterizedTest
    @EachStore
    void moreThanFiveStoredAccessPoliciesAreRefused(ServerFixture store) {
        QueueClient queue = SERVERS.newQueue(store, "acl");
        OffsetDateTime expiry = OffsetDateTime.now(ZoneOffset.UTC).plusDays(1).truncatedTo(ChronoUnit.SECONDS);
        List<QueueSignedIdentifier> five = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            five.add(policy("policy-" + i, null, expiry, "r"));
        }
        queue.setAccessPolicy(five);
        List<QueueSignedIdentifier> six = new ArrayList<>(five);
        six.add(policy("policy-6", null, expiry, "r"));

        assertQueueError(() -> queue.setAccessPolicy(six), 400, "InvalidXmlDocument");
        assertThat(queue.getAccessPolicy()).as("the five set before").hasSize(5);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "My_Queue, InvalidResourceName",
        "MyQueue, InvalidResourceName",
        "a--b, InvalidResourceName",
        "-abc, InvalidResourceName",
        "abc-, InvalidResourceName",
        "ab, OutOfRangeInput",
        "a234567890123456789012345678901234567890123456789012345678901234, OutOfRangeInput",
    })
    void invalidQueueNamesAreRefused(String name, String code) {
        QueueClient queue = SERVERS.service(ONE_STORE).getQueueClient(name);

        assertQueueError(queue::create, 400, code);
        assertThat(SERVERS.service(ONE_STORE).listQueues()).extracting(q -> q.getName()).doesNotContain(name);
    }

    /** The service's own words, its misspelling of "specified" included, which clients match on. */
    @Test
    void invalidNamesAreRefusedInTheServicesOwnWords() {
        QueueServiceClient service = SERVERS.service(ONE_STORE);

        assertThat(assertQueueError(service.getQueueClient("My_Queue")::create, 400, "InvalidResourceName")
                .getMessage()).contains("<Message>The specifed resource name contains invalid characters.\nRequestId:");
        assertThat(assertQueueError(service.getQueueClient("ab")::create, 400, "OutOfRangeInput").getMessage())
                .contains("<Message>The specified resource name length is not within the permissible limits.\n");
    }

    @Test
    void theShortestAndLongestNamesAreAccepted() {
        QueueServiceClient service = SERVERS.service(ONE_STORE);
        String unique = QueueServers.uniqueName("n").replace("-", "");
        String shortest = "q" + unique.substring(unique.length() - 2);
        String longest = (unique + "-" + "0123456789".repeat(7)).substring(0, 62) + "z";

        assertThat(shortest).hasSize(3);
        assertThat(longest).hasSize(63);
        for (String name : List.of(shortest, "a-1", longest)) {
            QueueClient queue = service.getQueueClient(name);
            queue.create();
            assertThat(queue.getProperties().getApproximateMessagesCount()).as(name).isZero();
            queue.delete();
        }
    }

    @Test
    void metadataNamesMustBeIdentifiers() {
        QueueClient queue = SERVERS.missingQueue(ONE_STORE, "badmeta");

        assertQueueError(() -> queue.createWithResponse(Map.of("1st", "x"), null, Context.NONE), 400, "InvalidMetadata");
        assertQueueError(queue::getProperties, 404, "QueueNotFound");
        queue.createWithResponse(Map.of("_ok_name1", "x"), null, Context.NONE);
        assertQueueError(() -> queue.setMetadata(Map.of("has-dash", "x")), 400, "InvalidMetadata");
        assertThat(queue.getProperties().getMetadata()).containsExactlyInAnyOrderEntriesOf(Map.of("_ok_name1", "x"));
    }

    static QueueSignedIdentifier policy(String id, OffsetDateTime start, OffsetDateTime expiry, String permissions) {
        return new QueueSignedIdentifier().setId(id).setAccessPolicy(new QueueAccessPolicy()
                .setStartsOn(start).setExpiresOn(expiry).setPermissions(permissions));
    }

    private static Instant instantOf(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }
}
