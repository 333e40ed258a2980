package io.cerulean.it.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.app.Cerulean;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import io.cerulean.it.support.TlsClients;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Contract 9.6 through the official Java SDK: a {@code TokenCredential} client over HTTPS, as an
 * application using {@code DefaultAzureCredential} talks to Azure, with tokens the test makes up,
 * unsigned: the server runs in the insecure accept-any mode, which judges claims only. Signed
 * tokens, roles and the 401 challenge are {@link EntraIdTokenTest}'s.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BearerTokenTest {
    private static Cerulean cerulean;
    private static Path certificate;
    private static com.azure.core.http.HttpClient trusting;

    @BeforeAll
    static void start() {
        cerulean = Cerulean.builder().inMemory().port(0).tls().oauth(OAuthConfig.insecureAcceptingAnyToken()).start();
        certificate = cerulean.certificateFile().orElseThrow();
        trusting = TlsClients.sdkHttpClient(certificate);
    }

    @AfterAll
    static void stop() {
        cerulean.close();
    }

    private static TableServiceClient service(String jwt) {
        return new TableServiceClientBuilder().endpoint(cerulean.secureEndpoint("devstoreaccount1"))
                .credential(EntraTokens.credential(jwt)).httpClient(trusting)
                .retryOptions(SharedServers.noRetries()).buildClient();
    }

    private static TableClient table(String jwt, String name) {
        return new TableClientBuilder().endpoint(cerulean.secureEndpoint("devstoreaccount1")).tableName(name)
                .credential(EntraTokens.credential(jwt)).httpClient(trusting)
                .retryOptions(SharedServers.noRetries()).buildClient();
    }

    @Test
    void aTokenForStorageCreatesTablesAndEntities() {
        String name = SharedServers.uniqueTableName("bearer");
        TableServiceClient service = service(EntraTokens.valid());

        service.createTable(name);
        TableClient table = table(EntraTokens.valid(), name);
        table.createEntity(new TableEntity("p", "r").addProperty("Owner", "entra"));

        assertThat(table.getEntity("p", "r").getProperty("Owner")).isEqualTo("entra");
        assertThat(service.listTables()).extracting(t -> t.getName()).contains(name);
        assertThat(SharedServers.serviceClient(cerulean.connectionString()).getTableClient(name).getEntity("p", "r")
                .getProperty("Owner")).as("the same data as key holders see").isEqualTo("entra");
    }

    @Test
    void aTokenForThisAccountsTableEndpointIsAcceptedToo() {
        Instant now = Instant.now();
        String jwt = EntraTokens.jwt("https://devstoreaccount1.table.core.windows.net", now.minusSeconds(60),
                now.plus(Duration.ofHours(1)));

        assertThat(service(jwt).listTables().stream().count()).isNotNegative();
    }

    @Test
    void theTableAclIsForKeyHoldersOnly() {
        String name = SharedServers.uniqueTableName("bearacl");
        service(EntraTokens.valid()).createTable(name);

        HttpResponseException e = refusal(() -> table(EntraTokens.valid(), name).getAccessPolicies(),
                "AuthorizationFailure");

        assertThat(e.getMessage()).contains("only be read or set with the account key");
    }

    @Test
    void aTokenForAnotherResourceIsRefused() {
        Instant now = Instant.now();
        String forKeyVault = EntraTokens.jwt("https://vault.azure.net", now.minusSeconds(60), now.plus(Duration.ofHours(1)));

        assertAuthenticationFails(() -> service(forKeyVault).listTables().stream().count(), "Audience validation failed");
    }

    @Test
    void anExpiredTokenIsRefused() {
        Instant now = Instant.now();
        String expired = EntraTokens.jwt(EntraTokens.STORAGE, now.minus(Duration.ofHours(2)), now.minus(Duration.ofHours(1)));

        assertAuthenticationFails(() -> service(expired).createTable(SharedServers.uniqueTableName("late")),
                "The token is expired");
    }

    @Test
    void overPlainHttpABearerTokenIsRefusedAsTheServiceRefusesIt() throws Exception {
        // The SDK will not send a token over HTTP at all; a hand-made request shows what the server says.
        HttpRequest request = HttpRequest.newBuilder(URI.create(cerulean.endpoint("devstoreaccount1") + "/Tables"))
                .timeout(Duration.ofSeconds(30)).header("x-ms-version", "2019-02-02")
                .header("Accept", SignedHttp.NO_METADATA).header("Authorization", "Bearer " + EntraTokens.valid())
                .build();

        HttpResponse<String> response = TlsClients.jdkHttpClient(certificate).send(request,
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("x-ms-error-code")).hasValue("AuthenticationFailed");
        assertThat(response.body()).contains("Authentication scheme Bearer is not allowed with HTTP.");
    }

    private static void assertAuthenticationFails(Runnable call, String detail) {
        assertThat(refusal(call, "AuthenticationFailed").getMessage()).contains(detail);
    }

    /**
     * A 403 with this Azure error code. The SDK throws {@link TableServiceException} for most calls,
     * but its generated exception for listings and a plain {@link HttpResponseException} for the
     * XML ACL operations; the code is always in {@code x-ms-error-code}.
     */
    private static HttpResponseException refusal(Runnable call, String code) {
        HttpResponseException e = catchThrowableOfType(HttpResponseException.class, call::run);
        assertThat(e).as("refused").isNotNull();
        assertThat(e.getResponse().getStatusCode()).as(e.getMessage()).isEqualTo(403);
        assertThat(e.getResponse().getHeaderValue(HttpHeaderName.fromString("x-ms-error-code"))).as(e.getMessage()).isEqualTo(code);
        return e;
    }
}
