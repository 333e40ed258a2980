package io.cerulean.it.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.util.BinaryData;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.QueueStorageException;
import io.cerulean.app.Cerulean;
import io.cerulean.http.auth.Account;
import io.cerulean.http.throttle.ScalabilityTargets;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An account's scalability targets through the Java SDKs, on two servers: one that takes 1 request a
 * second per account with a burst of 5, one that takes 20,000 bytes in and 20,000 bytes out a second
 * with a burst of two seconds' worth. Past one, 503 ServerBusy with Azure's message for that target,
 * across the account's services, while another account is served. Each test has accounts of its own.
 */
class AccountTargetsTest {
    private static final String KEY = Base64.getEncoder().encodeToString(new byte[64]);
    private static ServerFixture.RunningServer requestsServer;
    private static ServerFixture.RunningServer bytesServer;
    private static Cerulean requests;
    private static Cerulean bytes;

    @BeforeAll
    static void start() {
        requestsServer = start(ScalabilityTargets.azure().with("account-requests-per-second=1")
                .with("burst-seconds=5"), "requests", "bystander");
        requests = requestsServer.cerulean();
        bytesServer = start(ScalabilityTargets.azure().with("account-ingress-bytes-per-second=20000")
                .with("account-egress-bytes-per-second=20000").with("burst-seconds=2"), "ingress", "egress");
        bytes = bytesServer.cerulean();
    }

    private static ServerFixture.RunningServer start(ScalabilityTargets targets, String... accounts) {
        return ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> {
            builder.scalabilityTargets(targets);
            for (String account : accounts) {
                builder.account(Account.of(account, KEY));
            }
        });
    }

    @AfterAll
    static void stop() {
        requestsServer.close();
        bytesServer.close();
    }

    private static String connectionString(Cerulean cerulean, String account) {
        StringBuilder connection = new StringBuilder("DefaultEndpointsProtocol=http;AccountName=").append(account)
                .append(";AccountKey=").append(KEY).append(';');
        for (Cerulean.Service service : Cerulean.Service.values()) {
            connection.append(service.connectionStringKey()).append('=').append(cerulean.endpoint(service, account))
                    .append(';');
        }
        return connection.toString();
    }

    private static BlobContainerClient container(String account) {
        return new BlobServiceClientBuilder().connectionString(connectionString(bytes, account))
                .retryOptions(QueueAndBlobTargetsTest.oneTry()).buildClient().createBlobContainer("container");
    }

    private static byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return bytes;
    }

    @Test
    void requestsPastTheAccountsTargetAreRefusedOnEveryServiceWhileAnotherAccountIsServed() {
        TableClient table = SharedServers.serviceClient(connectionString(requests, "requests")).createTable("spread");
        QueueServiceClient queues = new QueueServiceClientBuilder().connectionString(connectionString(requests,
                "requests")).retryOptions(QueueAndBlobTargetsTest.oneTry()).buildClient();
        QueueStorageException queueRefused = null;
        for (int i = 0; i < 10 && queueRefused == null; i++) {
            try {
                queues.createQueue("queue-" + i); // a queue each: only the account is hot
            } catch (QueueStorageException e) {
                queueRefused = e;
            }
        }
        assertThat(queueRefused).as("a request past the burst of 5").isNotNull();
        QueueAndBlobTargetsTest.assertServerBusy(queueRefused, "Operations per second is over the account limit.");
        TableServiceException tableRefused = catchThrowableOfType(
                () -> table.createEntity(new TableEntity("p", "r")), TableServiceException.class);
        TablePartitionTargetTest.assertServerBusy(tableRefused, "Operations per second is over the account limit.");

        TableClient bystander = SharedServers.serviceClient(connectionString(requests, "bystander"))
                .createTable("calm");
        for (int i = 0; i < 4; i++) {
            bystander.createEntity(new TableEntity("p", "r" + i));
        }
    }

    @Test
    void ingressPastTheAccountsTargetIsRefusedAndTheRefusedBlobIsNotWritten() {
        BlobContainerClient container = container("ingress");
        // More than the burst of 40,000: served from a full bucket, 110,000 in debt for five seconds and a half.
        container.getBlobClient("first").upload(BinaryData.fromBytes(bytes(150_000)));
        BlobStorageException refused = catchThrowableOfType(
                () -> container.getBlobClient("second").upload(BinaryData.fromBytes(bytes(1_000))),
                BlobStorageException.class);
        QueueAndBlobTargetsTest.assertServerBusy(refused, "Ingress is over the account limit.");
        assertThat(container.getBlobClient("second").exists()).isFalse();
    }

    @Test
    void egressPastTheAccountsTargetRefusesTheNextRequest() {
        BlobContainerClient container = container("egress");
        container.getBlobClient("large").upload(BinaryData.fromBytes(bytes(150_000)));
        // Sent whole, then charged: the account owes 110,000 bytes for five seconds and a half.
        assertThat(container.getBlobClient("large").downloadContent().toBytes()).hasSize(150_000);
        BlobStorageException refused = catchThrowableOfType(() -> container.getBlobClient("large").getTags(),
                BlobStorageException.class);
        QueueAndBlobTargetsTest.assertServerBusy(refused, "Egress is over the account limit.");
    }
}
