package io.cerulean.it.queue;

import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static io.cerulean.it.queue.QueueErrors.assertQueueStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.common.sas.SasIpRange;
import com.azure.storage.common.sas.SasProtocol;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import com.azure.storage.queue.models.SendMessageResult;
import com.azure.storage.queue.models.UpdateMessageResult;
import com.azure.storage.queue.sas.QueueSasPermission;
import com.azure.storage.queue.sas.QueueServiceSasSignatureValues;
import io.cerulean.it.ServerFixture;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Queue service SAS, each made by the SDK's {@code QueueClient.generateSas} and used by a client that
 * holds nothing else: the letters r, a, u, p allow what they name on the queue the SAS was made for,
 * and nothing on another queue nor on the queue as a resource; a SAS outside its time window, or
 * for HTTPS only, or for other client addresses, is refused; a SAS naming a stored access policy follows the policy as it is now. Authorization only,
 * so one store.
 */
class QueueSasTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final QueueServers SERVERS = new QueueServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static QueueServiceSasSignatureValues valid(String permissions) {
        return new QueueServiceSasSignatureValues(OffsetDateTime.now().plusHours(1), QueueSasPermission.parse(permissions));
    }

    /** The same queue, through a client that has only a SAS the owner made with these values. */
    private static QueueClient withSas(QueueClient owner, QueueServiceSasSignatureValues values) {
        return SERVERS.queueWithSas(STORE, owner.getQueueName(), owner.generateSas(values));
    }

    @Test
    void aRaupSasWorksEveryMessageOperationOnItsQueue() {
        QueueClient owner = SERVERS.newQueue(STORE, "sasall");
        QueueClient sas = withSas(owner, valid("raup"));

        SendMessageResult sent = sas.sendMessage("through a SAS");
        assertThat(sas.peekMessage().getMessageText()).isEqualTo("through a SAS");
        QueueMessageItem received = sas.receiveMessage();
        assertThat(received.getMessageId()).isEqualTo(sent.getMessageId());
        UpdateMessageResult updated = sas.updateMessage(received.getMessageId(), received.getPopReceipt(), "updated",
                Duration.ZERO);
        sas.deleteMessage(received.getMessageId(), updated.getPopReceipt());
        assertThat(sas.getProperties().getApproximateMessagesCount()).as("r reads the queue's metadata").isZero();

        assertThat(owner.peekMessage()).as("deleted, as the owner sees it").isNull();
    }

    @Test
    void aSasForOneQueueOpensNoOtherQueue() {
        QueueClient mine = SERVERS.newQueue(STORE, "sasmine");
        QueueClient other = SERVERS.newQueue(STORE, "sasother");
        other.sendMessage("not yours");
        QueueClient sasOnOther = SERVERS.queueWithSas(STORE, other.getQueueName(), mine.generateSas(valid("raup")));

        assertQueueError(() -> sasOnOther.sendMessage("intruder"), 403, "AuthenticationFailed");
        assertQueueError(sasOnOther::peekMessage, 403, "AuthenticationFailed");
        assertQueueError(sasOnOther::receiveMessage, 403, "AuthenticationFailed");

        assertThat(other.peekMessages(32, null, Context.NONE)).extracting(m -> m.getMessageText())
                .containsExactly("not yours");
    }

    @Test
    void aQueueSasCannotCreateOrDeleteQueuesNorClearTheirMessages() {
        QueueClient owner = SERVERS.newQueue(STORE, "sasres");
        owner.sendMessage("stays");
        QueueClient sas = withSas(owner, valid("raup"));
        QueueClient notYetCreated = SERVERS.missingQueue(STORE, "sasnew");
        QueueClient sasOnNew = withSas(notYetCreated, valid("raup"));

        assertQueueStatus(sasOnNew::create, 403);
        assertQueueStatus(sas::delete, 403);
        assertQueueStatus(() -> sas.setMetadata(Map.of("by", "sas")), 403);
        assertQueueStatus(() -> sas.getAccessPolicy().stream().count(), 403);
        assertQueueError(sas::clearMessages, 403, "AuthorizationPermissionMismatch");

        assertQueueError(notYetCreated::getProperties, 404, "QueueNotFound");
        assertThat(owner.getProperties().getApproximateMessagesCount()).isEqualTo(1);
        assertThat(owner.getProperties().getMetadata()).isEmpty();
    }

    @Test
    void aReadOnlySasPeeksButCannotSendTakeUpdateOrDelete() {
        QueueClient owner = SERVERS.newQueue(STORE, "sasread");
        SendMessageResult sent = owner.sendMessage("read me");
        QueueClient sas = withSas(owner, valid("r"));

        assertThat(sas.peekMessage().getMessageText()).isEqualTo("read me");
        assertQueueError(() -> sas.sendMessage("no"), 403, "AuthorizationPermissionMismatch");
        assertQueueError(sas::receiveMessage, 403, "AuthorizationPermissionMismatch");
        assertQueueError(() -> sas.updateMessage(sent.getMessageId(), sent.getPopReceipt(), "no", Duration.ZERO),
                403, "AuthorizationPermissionMismatch");
        assertQueueError(() -> sas.deleteMessage(sent.getMessageId(), sent.getPopReceipt()),
                403, "AuthorizationPermissionMismatch");

        assertThat(owner.peekMessage().getDequeueCount()).as("untouched").isZero();
    }

    @Test
    void eachLetterAllowsItsOwnOperation() {
        QueueClient owner = SERVERS.newQueue(STORE, "sasletter");
        SendMessageResult sent = withSas(owner, valid("a")).sendMessage("added");
        assertQueueError(withSas(owner, valid("a"))::peekMessage, 403, "AuthorizationPermissionMismatch");

        QueueMessageItem received = withSas(owner, valid("p")).receiveMessage();
        assertThat(received.getMessageId()).isEqualTo(sent.getMessageId());
        assertQueueError(() -> withSas(owner, valid("p")).updateMessage(received.getMessageId(),
                received.getPopReceipt(), "x", Duration.ZERO), 403, "AuthorizationPermissionMismatch");

        UpdateMessageResult updated = withSas(owner, valid("u")).updateMessage(received.getMessageId(),
                received.getPopReceipt(), "changed", Duration.ZERO);
        assertQueueError(() -> withSas(owner, valid("u")).deleteMessage(received.getMessageId(),
                updated.getPopReceipt()), 403, "AuthorizationPermissionMismatch");

        withSas(owner, valid("p")).deleteMessage(received.getMessageId(), updated.getPopReceipt());
        assertThat(owner.peekMessage()).isNull();
    }

    @Test
    void aSasOutsideItsTimeWindowIsRefused() {
        QueueClient owner = SERVERS.newQueue(STORE, "sastime");
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        QueueClient expired = withSas(owner, new QueueServiceSasSignatureValues(now.minusMinutes(1),
                QueueSasPermission.parse("raup")));
        QueueClient notYetValid = withSas(owner, valid("raup").setStartTime(now.plusHours(1).minusMinutes(1)));

        assertQueueError(() -> expired.sendMessage("late"), 403, "AuthenticationFailed");
        assertQueueError(expired::peekMessage, 403, "AuthenticationFailed");
        assertQueueError(() -> notYetValid.sendMessage("early"), 403, "AuthenticationFailed");

        assertThat(owner.peekMessage()).isNull();
    }

    @Test
    void aSasForHttpsOnlyOrForOtherAddressesIsRefusedHere() {
        QueueClient owner = SERVERS.newQueue(STORE, "sasnet");
        QueueClient httpsOnly = withSas(owner, valid("raup").setProtocol(SasProtocol.HTTPS_ONLY));
        QueueClient otherAddresses = withSas(owner, valid("raup").setSasIpRange(SasIpRange.parse("10.1.1.1-10.1.1.9")));
        QueueClient thisAddress = withSas(owner, valid("raup").setProtocol(SasProtocol.HTTPS_HTTP)
                .setSasIpRange(SasIpRange.parse("127.0.0.1")));

        assertQueueError(() -> httpsOnly.sendMessage("plain http"), 403, "AuthorizationProtocolMismatch");
        assertQueueError(() -> otherAddresses.sendMessage("from here"), 403, "AuthorizationSourceIPMismatch");
        thisAddress.sendMessage("allowed");

        assertThat(owner.peekMessages(32, null, Context.NONE)).extracting(m -> m.getMessageText()).containsExactly("allowed");
    }

    @Test
    void aSasNamingAStoredPolicyFollowsThePolicyAsItIsNow() {
        QueueClient owner = SERVERS.newQueue(STORE, "saspolicy");
        OffsetDateTime expiry = OffsetDateTime.now(ZoneOffset.UTC).plusHours(1).truncatedTo(ChronoUnit.SECONDS);
        owner.setAccessPolicy(List.of(QueueOperationsTest.policy("producers", null, expiry, "ra")));
        QueueClient sas = withSas(owner, new QueueServiceSasSignatureValues().setIdentifier("producers"));

        sas.sendMessage("by policy");
        assertThat(sas.peekMessage().getMessageText()).isEqualTo("by policy");
        assertQueueError(sas::receiveMessage, 403, "AuthorizationPermissionMismatch");

        owner.setAccessPolicy(List.of(QueueOperationsTest.policy("producers", null, expiry, "r")));
        assertQueueError(() -> sas.sendMessage("after narrowing"), 403, "AuthorizationPermissionMismatch");
        assertThat(sas.peekMessage().getMessageText()).isEqualTo("by policy");

        owner.setAccessPolicy(List.of());
        assertQueueError(sas::peekMessage, 403, "AuthenticationFailed");
        assertThat(owner.peekMessages(32, null, Context.NONE)).as("only the message sent while allowed").hasSize(1);
    }

    @Test
    void aSasNamingAnExpiredPolicyIsRefused() {
        QueueClient owner = SERVERS.newQueue(STORE, "sasoldpol");
        OffsetDateTime past = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(5).truncatedTo(ChronoUnit.SECONDS);
        owner.setAccessPolicy(List.of(QueueOperationsTest.policy("lapsed", past.minusHours(1), past, "raup")));
        QueueClient sas = withSas(owner, new QueueServiceSasSignatureValues().setIdentifier("lapsed"));

        assertQueueError(() -> sas.sendMessage("too late"), 403, "AuthenticationFailed");
    }
}
