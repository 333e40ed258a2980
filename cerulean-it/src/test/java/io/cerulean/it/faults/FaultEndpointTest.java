package io.cerulean.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpMethod;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import com.azure.storage.queue.QueueServiceClientBuilder;
import io.cerulean.app.Cerulean;
import io.cerulean.http.auth.Account;
import io.cerulean.it.ServerFixture;
import java.time.OffsetDateTime;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code /{account}/$faults} on every service's port: the account's key alone reads and sets its
 * rules, which then apply to every service of that account and no other; rules that cannot be read
 * change nothing.
 */
class FaultEndpointTest {
    private static final String OTHER = "otheraccount";
    private static final String OTHER_KEY = Base64.getEncoder().encodeToString(new byte[64]);
    private static ServerFixture.RunningServer server;

    @BeforeAll
    static void start() {
        server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start(builder -> builder.account(
                Account.of(OTHER, OTHER_KEY)));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Cerulean cerulean() {
        return server.cerulean();
    }

    @ParameterizedTest
    @EnumSource(Cerulean.Service.class)
    void theAccountKeyReadsSetsAndRemovesItsRules(Cerulean.Service service) {
        FaultRulesClient rules = FaultRulesClient.of(cerulean(), service);
        TableClient table = TableFaultsTest.client(server, "tone", 0);
        assertThat(rules.get().body()).isEqualTo("{\"rules\":[]}");
        FaultRulesClient.Answer set = rules.put("""
                {"rules": [{"name": "busy tables", "fault": "ServerBusy", "services": "table", "resource": "tone"}]}
                """);
        assertThat(set.status()).isEqualTo(200);
        assertThat(set.body()).contains("\"name\":\"busy tables\"", "\"account\":\"devstoreaccount1\"");

        TableFaultsTest.assertFault(() -> table.createEntity(new TableEntity("p", "r")), 503, "ServerBusy");
        assertThat(rules.get().body()).contains("\"matched\":1", "\"injected\":1");

        FaultRulesClient.Answer removed = rules.delete();
        assertThat(removed.status()).isEqualTo(204);
        assertThat(rules.get().body()).isEqualTo("{\"rules\":[]}");
        table.upsertEntity(new TableEntity("p", "r"));
    }

    @ParameterizedTest
    @EnumSource(Cerulean.Service.class)
    void rulesThatCannotBeReadAre400AndChangeNothing(Cerulean.Service service) {
        FaultRulesClient rules = FaultRulesClient.of(cerulean(), service);
        rules.put("[{\"name\": \"kept\", \"fault\": \"Drop\", \"resource\": \"nothing-here\"}]");
        for (String bad : new String[] {"[{\"fault\": \"Drop\"", "[{\"fault\": \"Slow\"}]",
                "[{\"fault\": \"Drop\", \"resorce\": \"x\"}]", "[{\"fault\": \"Drop\", \"account\": \"" + OTHER + "\"}]"}) {
            FaultRulesClient.Answer refused = rules.put(bad);
            assertThat(refused.status()).as(bad).isEqualTo(400);
            assertThat(refused.errorCode()).isEqualTo("InvalidInput");
            assertThat(refused.body()).contains("The fault rules are not valid");
        }
        assertThat(rules.get().body()).contains("\"name\":\"kept\"");
        assertThat(rules.send(HttpMethod.POST, "[]").status()).isEqualTo(405);
        rules.delete();
    }

    @ParameterizedTest
    @EnumSource(Cerulean.Service.class)
    void nothingButTheAccountsOwnKeyIsLetIn(Cerulean.Service service) {
        FaultRulesClient.Answer anonymous = FaultRulesClient.unsigned(cerulean(), service, "").get();
        assertThat(anonymous.status()).isEqualTo(403);
        assertThat(anonymous.errorCode()).isEqualTo("AuthorizationFailure");

        String wrongKey = Base64.getEncoder().encodeToString(new byte[64]);
        FaultRulesClient.Answer wrong = FaultRulesClient.signed(cerulean(), service, FaultRulesClient.ACCOUNT,
                FaultRulesClient.ACCOUNT, wrongKey).put("[{\"fault\": \"Drop\"}]");
        assertThat(wrong.status()).isEqualTo(403);
        assertThat(wrong.errorCode()).isEqualTo("AuthenticationFailed");

        FaultRulesClient.Answer anotherAccount = FaultRulesClient.signed(cerulean(), service, FaultRulesClient.ACCOUNT,
                OTHER, OTHER_KEY).put("[{\"fault\": \"Drop\"}]");
        assertThat(anotherAccount.status()).isEqualTo(403);
        assertThat(anotherAccount.errorCode()).isEqualTo("AuthenticationFailed");

        String sas = new QueueServiceClientBuilder().connectionString(server.connectionString()).buildClient()
                .generateAccountSas(new AccountSasSignatureValues(OffsetDateTime.now().plusHours(1),
                        AccountSasPermission.parse("rwdlacup"), AccountSasService.parse("bqt"),
                        AccountSasResourceType.parse("sco")));
        FaultRulesClient.Answer withSas = FaultRulesClient.unsigned(cerulean(), service, "?" + sas)
                .send(HttpMethod.PUT, "[{\"fault\": \"Drop\"}]");
        assertThat(withSas.status()).isEqualTo(403);
        assertThat(withSas.errorCode()).isEqualTo("AuthorizationFailure");

        assertThat(FaultRulesClient.of(cerulean(), service).get().body()).as("nothing was set")
                .isEqualTo("{\"rules\":[]}");
    }

    @Test
    void anAccountsRulesTouchNoOtherAccount() {
        FaultRulesClient others = FaultRulesClient.signed(cerulean(), Cerulean.Service.BLOB, OTHER, OTHER, OTHER_KEY);
        assertThat(others.put("[{\"fault\": \"ServerBusy\"}]").status()).isEqualTo(200);
        try {
            TableFaultsTest.client(server, "mine", 0).createEntity(new TableEntity("p", "r"));
            assertThat(FaultRulesClient.of(cerulean(), Cerulean.Service.TABLE).get().body())
                    .isEqualTo("{\"rules\":[]}");
            com.azure.data.tables.TableServiceClient theirs = new com.azure.data.tables.TableServiceClientBuilder()
                    .endpoint(cerulean().endpoint(OTHER))
                    .credential(new com.azure.core.credential.AzureNamedKeyCredential(OTHER, OTHER_KEY))
                    .retryOptions(new com.azure.core.http.policy.RetryOptions(
                            new com.azure.core.http.policy.FixedDelayOptions(0, java.time.Duration.ofMillis(1))))
                    .buildClient();
            assertThatThrownBy(() -> theirs.createTable("theirs")).isInstanceOfSatisfying(
                    com.azure.data.tables.models.TableServiceException.class,
                    e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(503));
        } finally {
            others.delete();
        }
    }
}
