package io.cerulean.it.sas;

import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.app.Cerulean;
import io.cerulean.http.auth.Account;
import io.cerulean.it.support.SharedServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.OffsetDateTime;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Several accounts, each with two keys: either key of an account signs for it (rotation), and
 * nothing one account signs reaches another.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AccountsAndKeysTest {
    private static final String PRIMARY = Base64.getEncoder().encodeToString("alpha-primary-key".getBytes());
    private static final String SECONDARY = Base64.getEncoder().encodeToString("alpha-secondary-key".getBytes());
    private static final String BETA = Base64.getEncoder().encodeToString("beta-only-key".getBytes());

    private Cerulean cerulean;

    @BeforeAll
    void start() {
        cerulean = Cerulean.builder().inMemory().port(0)
                .account(Account.of("alpha", PRIMARY, SECONDARY))
                .account(Account.of("beta", BETA))
                .start();
    }

    @AfterAll
    void stop() {
        cerulean.close();
    }

    private TableServiceClient client(String account, String key) {
        return new TableServiceClientBuilder().endpoint(cerulean.endpoint(account))
                .credential(new AzureNamedKeyCredential(account, key))
                .retryOptions(SharedServers.noRetries()).buildClient();
    }

    @Test
    void eitherKeyOfAnAccountSignsForIt() {
        String name = SharedServers.uniqueTableName("rotate");
        client("alpha", PRIMARY).createTable(name);
        assertThat(client("alpha", SECONDARY).getTableClient(name).listEntities().stream().count()).isZero();
    }

    @Test
    void anotherAccountsKeyIsAuthenticationFailed() {
        assertSdkError(() -> client("beta", PRIMARY).listTables().stream().count(), 403, "AuthenticationFailed");
        assertSdkError(() -> client("nosuchaccount", BETA).listTables().stream().count(), 403, "AuthenticationFailed");
    }

    @Test
    void accountsSeeOnlyTheirOwnTables() {
        String name = SharedServers.uniqueTableName("mine");
        client("alpha", PRIMARY).createTable(name);
        assertThat(client("beta", BETA).listTables().stream().map(t -> t.getName())).doesNotContain(name);
        client("beta", BETA).createTable(name);
        client("beta", BETA).getTableClient(name).createEntity(new TableEntity("p", "r"));
        assertThat(client("alpha", PRIMARY).getTableClient(name).listEntities().stream().count()).isZero();
    }

    @Test
    void aSasSignedByOneAccountDoesNotOpenAnother() {
        String name = SharedServers.uniqueTableName("cross");
        client("alpha", PRIMARY).createTable(name).createEntity(new TableEntity("p", "r"));
        client("beta", BETA).createTable(name).createEntity(new TableEntity("p", "r"));
        String alphaSas = client("alpha", SECONDARY).getTableClient(name).generateSas(
                new TableSasSignatureValues(OffsetDateTime.now().plusHours(1), TableSasPermission.parse("r")));
        TableClient onAlpha = new TableClientBuilder().endpoint(cerulean.endpoint("alpha")).tableName(name)
                .sasToken(alphaSas).retryOptions(SharedServers.noRetries()).buildClient();
        assertThat(onAlpha.getEntity("p", "r")).isNotNull();
        TableClient onBeta = new TableClientBuilder().endpoint(cerulean.endpoint("beta")).tableName(name)
                .sasToken(alphaSas).retryOptions(SharedServers.noRetries()).buildClient();
        assertSdkError(() -> onBeta.getEntity("p", "r"), 403, "AuthenticationFailed");
    }

    @Test
    void anAnonymousRequestIsAuthenticationFailedAndRevealsNoKey() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(cerulean.endpoint("alpha") + "/Tables"))
                        .header("Accept", "application/json;odata=minimalmetadata").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("x-ms-error-code")).hasValue("AuthenticationFailed");
        assertThat(response.body()).contains("AuthenticationFailed").doesNotContain(PRIMARY).doesNotContain(SECONDARY);
    }
}
