package io.cerulean.it.queue;

import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Authorization for the whole account: an account SAS (made by the SDK's
 * {@code QueueServiceClient.generateAccountSas}) opens the Queue service only when its services
 * include {@code q}, and each operation only with its resource type and permission letter; and
 * Shared Key signed with the wrong key is refused. One store.
 */
class QueueAccountAuthTest {
    private static final ServerFixture STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final QueueServers SERVERS = new QueueServers();

    @AfterAll
    static void stop() {
        SERVERS.close();
    }

    private static QueueServiceClient withAccountSas(String services, String resourceTypes, String permissions) {
        String sas = SERVERS.service(STORE).generateAccountSas(new AccountSasSignatureValues(
                OffsetDateTime.now().plusHours(1), AccountSasPermission.parse(permissions),
                AccountSasService.parse(services), AccountSasResourceType.parse(resourceTypes)));
        return SERVERS.serviceWithSas(STORE, sas);
    }

    @Test
    void anAccountSasForTheQueueServiceListsCreatesAndSends() {
        QueueClient existing = SERVERS.newQueue(STORE, "acctsas");
        QueueServiceClient sas = withAccountSas("q", "sco", "rwdlacup");
        String created = QueueServers.uniqueName("acctnew");

        assertThat(sas.listQueues()).extracting(q -> q.getName()).contains(existing.getQueueName());
        QueueClient queue = sas.createQueue(created);
        queue.sendMessage("by account SAS");
        assertThat(queue.receiveMessage().getMessageText()).isEqualTo("by account SAS");

        assertThat(SERVERS.service(STORE).getQueueClient(created).getProperties().getApproximateMessagesCount())
                .as("the queue, seen with the key").isEqualTo(1);
    }

    @Test
    void anAccountSasWithoutTheQueueServiceIsRefused() {
        QueueServiceClient blobAndTable = withAccountSas("bt", "sco", "rwdlacup");
        String name = QueueServers.uniqueName("acctbt");

        assertQueueError(() -> blobAndTable.listQueues().stream().count(), 403, "AuthorizationServiceMismatch");
        assertQueueError(() -> blobAndTable.createQueue(name), 403, "AuthorizationServiceMismatch");
        assertQueueError(SERVERS.service(STORE).getQueueClient(name)::getProperties, 404, "QueueNotFound");
    }

    @Test
    void anAccountSasNeedsTheResourceTypeOfTheOperation() {
        QueueClient owner = SERVERS.newQueue(STORE, "acctsrt");
        QueueServiceClient serviceOnly = withAccountSas("q", "s", "rwdlacup");
        QueueServiceClient queuesOnly = withAccountSas("q", "c", "rwdlacup");

        assertThat(serviceOnly.listQueues()).extracting(q -> q.getName()).contains(owner.getQueueName());
        assertQueueError(() -> serviceOnly.createQueue(QueueServers.uniqueName("acctsrt")), 403,
                "AuthorizationResourceTypeMismatch");
        assertQueueError(() -> queuesOnly.listQueues().stream().count(), 403, "AuthorizationResourceTypeMismatch");
        assertQueueError(() -> queuesOnly.getQueueClient(owner.getQueueName()).sendMessage("m"), 403,
                "AuthorizationResourceTypeMismatch");
    }

    @Test
    void anAccountSasNeedsThePermissionOfTheOperation() {
        QueueClient owner = SERVERS.newQueue(STORE, "acctsp");
        owner.sendMessage("waiting");
        QueueServiceClient noAdd = withAccountSas("q", "sco", "rwdlcup");
        QueueServiceClient noList = withAccountSas("q", "sco", "rwdacup");

        assertQueueError(() -> noAdd.getQueueClient(owner.getQueueName()).sendMessage("m"), 403,
                "AuthorizationPermissionMismatch");
        assertThat(noAdd.getQueueClient(owner.getQueueName()).peekMessage().getMessageText()).isEqualTo("waiting");
        assertQueueError(() -> noList.listQueues().stream().count(), 403, "AuthorizationPermissionMismatch");
        assertThat(owner.getProperties().getApproximateMessagesCount()).isEqualTo(1);
    }

    @Test
    void sharedKeySignedWithTheWrongKeyIsRefused() {
        QueueClient owner = SERVERS.newQueue(STORE, "wrongkey");
        byte[] otherKey = new byte[64];
        Arrays.fill(otherKey, (byte) 7);
        QueueServiceClient wrong = new QueueServiceClientBuilder().endpoint(SERVERS.endpoint(STORE))
                .credential(new StorageSharedKeyCredential(QueueServers.ACCOUNT, Base64.getEncoder().encodeToString(otherKey)))
                .retryOptions(QueueServers.oneTry()).buildClient();

        assertQueueError(() -> wrong.listQueues().stream().count(), 403, "AuthenticationFailed");
        assertQueueError(() -> wrong.getQueueClient(owner.getQueueName()).sendMessage("m"), 403, "AuthenticationFailed");
        assertQueueError(wrong.getQueueClient(owner.getQueueName())::getProperties, 403, "AuthenticationFailed");

        assertThat(owner.getProperties().getApproximateMessagesCount()).isZero();
    }
}
