package io.cerulean.it.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import io.cerulean.app.Cerulean;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.TlsClients;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.core.publisher.Mono;

/**
 * Entra ID bearer tokens verified for real, through the official Java SDK over HTTPS: tokens signed
 * by the test's own keys (RS256 and ES256), served as a key set file or found through an issuer's
 * OpenID configuration; what each principal's data role allows; the tokens that must be refused
 * and change nothing; and the 401 challenge the SDK's tenant discovery follows.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EntraIdTokenTest {
    private static final String CONTRIBUTOR = "c0a1b2c3-0000-4000-8000-000000000001";
    private static final String READER = "c0a1b2c3-0000-4000-8000-000000000002";
    private static final String NO_ROLE = "c0a1b2c3-0000-4000-8000-000000000003";
    private static final String CHALLENGE = "Bearer authorization_uri=https://login.microsoftonline.com/"
            + EntraTokens.TENANT + "/oauth2/authorize resource_id=https://storage.azure.com";
    private static final TestTokenService TOKENS = new TestTokenService();

    @TempDir
    static Path dir;
    /** Keys from a file, the issuer configured. */
    private static Cerulean verifying;
    /** Keys from the issuer's OpenID configuration. */
    private static Cerulean discovering;
    private static String localIssuer;

    @BeforeAll
    static void start() throws IOException {
        Path jwks = Files.writeString(dir.resolve("jwks.json"), TOKENS.jwks(), StandardCharsets.UTF_8);
        Path roles = Files.writeString(dir.resolve("roles.txt"), "# test principals\n"
                + CONTRIBUTOR + " Storage Table Data Contributor\n" + READER + " Storage Table Data Reader\n"
                + NO_ROLE + " Storage Blob Data Owner\n", StandardCharsets.UTF_8);
        verifying = Cerulean.builder().inMemory().port(0).tls()
                .oauth(OAuthConfig.jwks(jwks.toString()).withIssuer(EntraTokens.ISSUER).withRoles(roles)).start();
        localIssuer = TOKENS.serve();
        discovering = Cerulean.builder().inMemory().port(0).tls()
                .oauth(OAuthConfig.issuer(localIssuer).withRoles(roles)).start();
    }

    @AfterAll
    static void stop() {
        verifying.close();
        discovering.close();
        TOKENS.close();
    }

    private static TableServiceClientBuilder builder(Cerulean server, TokenCredential credential) {
        return new TableServiceClientBuilder().endpoint(server.secureEndpoint("devstoreaccount1")).credential(credential)
                .httpClient(TlsClients.sdkHttpClient(server.certificateFile().orElseThrow()))
                .retryOptions(SharedServers.noRetries());
    }

    private static TableServiceClient service(String jwt) {
        return builder(verifying, EntraTokens.credential(jwt)).buildClient();
    }

    private static TableClient table(Cerulean server, String jwt, String name) {
        return new TableClientBuilder().endpoint(server.secureEndpoint("devstoreaccount1")).tableName(name)
                .credential(EntraTokens.credential(jwt))
                .httpClient(TlsClients.sdkHttpClient(server.certificateFile().orElseThrow()))
                .retryOptions(SharedServers.noRetries()).buildClient();
    }

    private static TableServiceClient keyHolder(Cerulean server) {
        return SharedServers.serviceClient(server.connectionString());
    }

    private static boolean exists(Cerulean server, String table) {
        return keyHolder(server).listTables().stream().anyMatch(t -> t.getName().equals(table));
    }

    @Test
    void aContributorWritesAndReadsWithRs256AndEs256Tokens() {
        String name = SharedServers.uniqueTableName("entra");
        String rs256 = TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claimsFor(CONTRIBUTOR));
        String es256 = TOKENS.es256(TestTokenService.EC_KID, EntraTokens.claimsFor(CONTRIBUTOR));

        service(rs256).createTable(name);
        table(verifying, rs256, name).createEntity(new TableEntity("p", "r").addProperty("Owner", "entra"));

        assertThat(table(verifying, es256, name).getEntity("p", "r").getProperty("Owner")).isEqualTo("entra");
        assertThat(keyHolder(verifying).getTableClient(name).getEntity("p", "r").getProperty("Owner"))
                .as("the same data as key holders see").isEqualTo("entra");
    }

    @Test
    void aReaderReadsButItsWritesAreRefusedAndChangeNothing() {
        String name = SharedServers.uniqueTableName("reader");
        keyHolder(verifying).createTable(name).createEntity(new TableEntity("p", "r").addProperty("V", 1));
        String reader = TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claimsFor(READER));
        TableClient table = table(verifying, reader, name);

        assertThat(table.getEntity("p", "r").getProperty("V")).isEqualTo(1);
        assertThat(service(reader).listTables().stream().map(t -> t.getName())).contains(name);
        refusal(() -> table.upsertEntity(new TableEntity("p", "r").addProperty("V", 2)), 403,
                "AuthorizationPermissionMismatch");
        refusal(() -> table.createEntity(new TableEntity("p", "new")), 403, "AuthorizationPermissionMismatch");
        refusal(() -> table.deleteEntity("p", "r"), 403, "AuthorizationPermissionMismatch");
        String other = SharedServers.uniqueTableName("readernew");
        refusal(() -> service(reader).createTable(other), 403, "AuthorizationPermissionMismatch");

        TableClient asKeyHolder = keyHolder(verifying).getTableClient(name);
        assertThat(asKeyHolder.getEntity("p", "r").getProperty("V")).as("unchanged").isEqualTo(1);
        assertThat(asKeyHolder.listEntities().stream().count()).isEqualTo(1);
        assertThat(exists(verifying, other)).isFalse();
    }

    @Test
    void aPrincipalWithoutATableRoleMayDoNothing() {
        String token = TOKENS.es256(TestTokenService.EC_KID, EntraTokens.claimsFor(NO_ROLE));

        HttpResponseException e = refusal(() -> service(token).listTables().stream().count(), 403,
                "AuthorizationPermissionMismatch");

        assertThat(e.getMessage()).contains("no data role for the Table service");
    }

    static Stream<Arguments> untrustedTokens() {
        Instant now = Instant.now();
        String user = CONTRIBUTOR;
        TestTokenService forger = new TestTokenService();
        return Stream.of(
                Arguments.of("forged: another key under a trusted kid",
                        forger.rs256(TestTokenService.RSA_KID, EntraTokens.claimsFor(user)), "Signature validation failed"),
                Arguments.of("unsigned (alg none)", TestTokenService.unsigned(EntraTokens.claimsFor(user)),
                        "'none' are not accepted"),
                Arguments.of("an unknown kid", forger.es256("not-ours", EntraTokens.claimsFor(user)), "does not trust"),
                Arguments.of("expired", TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claims(EntraTokens.STORAGE,
                        EntraTokens.ISSUER, user, now.minus(Duration.ofHours(2)), now.minus(Duration.ofHours(1)))),
                        "The token is expired"),
                Arguments.of("not yet valid", TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claims(
                        EntraTokens.STORAGE, EntraTokens.ISSUER, user, now.plus(Duration.ofHours(1)),
                        now.plus(Duration.ofHours(2)))), "not yet valid"),
                Arguments.of("for another resource", TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claims(
                        "https://vault.azure.net", EntraTokens.ISSUER, user, now.minusSeconds(60),
                        now.plus(Duration.ofHours(1)))), "Audience validation failed"),
                Arguments.of("from another tenant", TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claims(
                        EntraTokens.STORAGE, "https://sts.windows.net/another-tenant/", user, now.minusSeconds(60),
                        now.plus(Duration.ofHours(1)))), "Issuer validation failed"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("untrustedTokens")
    void anUntrustedTokenIsChallengedAndChangesNothing(String what, String token, String detail) {
        String name = SharedServers.uniqueTableName("untrusted");

        HttpResponseException e = refusal(() -> service(token).createTable(name), 401, "InvalidAuthenticationInfo");

        assertThat(e.getMessage()).contains(detail);
        assertThat(e.getResponse().getHeaderValue(HttpHeaderName.WWW_AUTHENTICATE)).isEqualTo(CHALLENGE);
        assertThat(exists(verifying, name)).as("nothing created").isFalse();
    }

    @Test
    void tenantDiscoveryFollowsTheChallengeToTheConfiguredTenant() {
        List<String> tenantsAsked = new CopyOnWriteArrayList<>();
        String token = TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claimsFor(CONTRIBUTOR));
        TokenCredential credential = request -> {
            tenantsAsked.add(String.valueOf(request.getTenantId()));
            return Mono.just(new AccessToken(token, OffsetDateTime.now(ZoneOffset.UTC).plusHours(1)));
        };
        String name = SharedServers.uniqueTableName("discovery");

        builder(verifying, credential).enableTenantDiscovery().buildClient().createTable(name);

        assertThat(tenantsAsked).containsExactly(EntraTokens.TENANT);
        assertThat(exists(verifying, name)).isTrue();
    }

    @Test
    void aRequestWithoutCredentialsGetsTheChallenge() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(verifying.secureEndpoint("devstoreaccount1") + "/Tables"))
                .timeout(Duration.ofSeconds(30)).header("x-ms-version", "2019-02-02").build();

        HttpResponse<String> response = TlsClients.jdkHttpClient(verifying.certificateFile().orElseThrow())
                .send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("x-ms-error-code")).hasValue("NoAuthenticationInformation");
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue(CHALLENGE);
    }

    @Test
    void sharedKeyStillWorksBesideTokens() {
        String name = SharedServers.uniqueTableName("keybeside");

        keyHolder(verifying).createTable(name).createEntity(new TableEntity("p", "r"));

        assertThat(keyHolder(verifying).getTableClient(name).getEntity("p", "r").getRowKey()).isEqualTo("r");
    }

    @Test
    void withOnlyAnIssuerTheKeysAreFoundThroughItsOpenIdConfiguration() {
        String name = SharedServers.uniqueTableName("oidc");
        String token = TOKENS.es256(TestTokenService.EC_KID, EntraTokens.claims(EntraTokens.STORAGE, localIssuer,
                CONTRIBUTOR, Instant.now().minusSeconds(60), Instant.now().plus(Duration.ofHours(1))));
        String fromEntra = TOKENS.es256(TestTokenService.EC_KID, EntraTokens.claimsFor(CONTRIBUTOR));

        table(discovering, token, name).createTable();

        assertThat(exists(discovering, name)).isTrue();
        HttpResponseException e = refusal(() -> table(discovering, fromEntra, name).getEntity("p", "r"), 401,
                "InvalidAuthenticationInfo");
        assertThat(e.getMessage()).contains("Issuer validation failed");
        assertThat(e.getResponse().getHeaderValue(HttpHeaderName.WWW_AUTHENTICATE))
                .contains("authorization_uri=http://127.0.0.1:").contains("/" + EntraTokens.TENANT + "/oauth2/authorize");
    }

    @Test
    void withoutOAuthConfigurationATokenIsRefusedSayingHowToConfigure() {
        try (Cerulean plain = Cerulean.builder().inMemory().port(0).tls().start()) {
            String token = TOKENS.rs256(TestTokenService.RSA_KID, EntraTokens.claimsFor(CONTRIBUTOR));
            String name = SharedServers.uniqueTableName("noconfig");

            HttpResponseException e = refusal(() -> builder(plain, EntraTokens.credential(token)).buildClient()
                    .createTable(name), 403, "AuthenticationFailed");

            assertThat(e.getMessage()).contains("no OAuth configuration").contains("--oauth-jwks");
            assertThat(exists(plain, name)).isFalse();
        }
    }

    /** Refused with this status and code, whichever exception type the SDK throws for the call. */
    private static HttpResponseException refusal(Runnable call, int status, String code) {
        HttpResponseException e = catchThrowableOfType(HttpResponseException.class, call::run);
        assertThat(e).as("refused").isNotNull();
        assertThat(e.getResponse().getStatusCode()).as(e.getMessage()).isEqualTo(status);
        assertThat(e.getResponse().getHeaderValue(HttpHeaderName.fromString("x-ms-error-code"))).as(e.getMessage())
                .isEqualTo(code);
        return e;
    }
}
