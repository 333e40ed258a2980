package io.cerulean.it.tls;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueClientBuilder;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import io.cerulean.app.Cerulean;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.it.support.TlsClients;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Queue service's port serves HTTPS beside plain HTTP, as the Table service's does, with the
 * same certificate: the Java SDK over HTTPS with the account key (the secure connection string
 * names both endpoints) and with a bearer token, which is only taken over HTTPS.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class QueueHttpsTest {
    private static Cerulean cerulean;
    private static Path certificate;

    @BeforeAll
    static void start() {
        cerulean = Cerulean.builder().inMemory().port(0).tls().oauth(OAuthConfig.insecureAcceptingAnyToken()).start();
        certificate = cerulean.certificateFile().orElseThrow();
    }

    @AfterAll
    static void stop() {
        cerulean.close();
    }

    private static RequestRetryOptions oneTry() {
        return new RequestRetryOptions(RetryPolicyType.FIXED, 1, Duration.ofSeconds(30), null, null, null);
    }

    @Test
    void theSdkSendsAndReceivesOverHttpsWithTheAccountKey() {
        assertThat(cerulean.secureConnectionString())
                .contains("QueueEndpoint=https://127.0.0.1:" + cerulean.queuePort() + "/devstoreaccount1;");
        QueueServiceClient service = new QueueServiceClientBuilder().connectionString(cerulean.secureConnectionString())
                .httpClient(TlsClients.sdkHttpClient(certificate)).retryOptions(oneTry()).buildClient();
        QueueClient queue = service.createQueue("overhttps");
        queue.sendMessage("secret");
        assertThat(queue.receiveMessage().getBody().toString()).isEqualTo("secret");
        QueueServiceClient plain = new QueueServiceClientBuilder().connectionString(cerulean.connectionString())
                .retryOptions(oneTry()).buildClient();
        assertThat(plain.getQueueClient("overhttps").getProperties().getApproximateMessagesCount())
                .as("plain HTTP on the same port, the same data").isEqualTo(1);
    }

    @Test
    void aBearerTokenForStorageWorksWithQueues() {
        QueueClient queue = new QueueClientBuilder().endpoint(cerulean.secureEndpoint(Cerulean.Service.QUEUE,
                        "devstoreaccount1")).queueName("bearer").credential(EntraTokens.credential(EntraTokens.valid()))
                .httpClient(TlsClients.sdkHttpClient(certificate)).retryOptions(oneTry()).buildClient();
        queue.create();
        queue.sendMessage("from entra");
        assertThat(queue.peekMessage().getBody().toString()).isEqualTo("from entra");
    }
}
