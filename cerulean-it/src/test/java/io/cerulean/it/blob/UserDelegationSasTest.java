package io.cerulean.it.blob;

import static io.cerulean.it.blob.BlobErrors.assertBlobError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobContainerClientBuilder;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.PublicAccessType;
import com.azure.storage.blob.models.UserDelegationKey;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.cerulean.app.Cerulean;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.TlsClients;
import io.cerulean.it.tls.TestTokenService;
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
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import reactor.core.publisher.Mono;

/**
 * User delegation keys and the SAS signed with them, through the official Java SDK: a principal with
 * a Blob data role gets a key with its Entra ID token over HTTPS, signs a blob SAS and a container SAS
 * with it, and whoever holds them reads, writes and lists as they allow (over plain HTTP, as a SAS
 * may). What must be refused is, and changes nothing: a key asked for with the account key or a SAS, beyond
 * seven days or by a principal with no Blob role; a SAS whose key has expired or has not started, was
 * issued by a server with another secret, or was changed; a letter the SAS does not hold; and more than
 * the key's principal may do itself (a Reader's key signs no writes); and a container's ACL read or
 * set with a token.
 */
class UserDelegationSasTest {
    private static final String ACCOUNT = BlobServers.ACCOUNT;
    private static final String TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
    private static final String ISSUER = "https://sts.windows.net/" + TENANT + "/";
    private static final String CONTRIBUTOR = "d0e1f2a3-0000-4000-8000-000000000001";
    private static final String READER = "d0e1f2a3-0000-4000-8000-000000000002";
    private static final String DELEGATOR = "d0e1f2a3-0000-4000-8000-000000000003";
    private static final String NO_BLOB_ROLE = "d0e1f2a3-0000-4000-8000-000000000004";
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);
    private static final TestTokenService TOKENS = new TestTokenService();
    private static final Map<ServerFixture, ServerFixture.RunningServer> SERVERS = new EnumMap<>(ServerFixture.class);

    @TempDir
    static Path dir;
    private static OAuthConfig oauth;

    @BeforeAll
    static void keys() throws IOException {
        Path jwks = Files.writeString(dir.resolve("jwks.json"), TOKENS.jwks(), StandardCharsets.UTF_8);
        Path roles = Files.writeString(dir.resolve("roles.txt"), CONTRIBUTOR + " Storage Blob Data Contributor\n"
                + READER + " Storage Blob Data Reader\n" + DELEGATOR + " Storage Blob Delegator\n"
                + NO_BLOB_ROLE + " Storage Table Data Contributor\n", StandardCharsets.UTF_8);
        oauth = OAuthConfig.jwks(jwks.toString()).withIssuer(ISSUER).withRoles(roles);
    }

    @AfterAll
    static void stop() {
        SERVERS.values().forEach(ServerFixture.RunningServer::close);
        TOKENS.close();
    }

    private static synchronized Cerulean server(ServerFixture store) {
        return SERVERS.computeIfAbsent(store, s -> s.start(builder -> builder.tls().oauth(oauth))).cerulean();
    }

    /** A token for Storage naming {@code oid} in the test tenant, signed by the test's key, valid for an hour. */
    private static String token(String oid) {
        Instant now = Instant.now();
        return TOKENS.rs256(TestTokenService.RSA_KID, "{\"aud\":\"https://storage.azure.com\",\"iss\":\"" + ISSUER
                + "\",\"iat\":" + now.minusSeconds(300).getEpochSecond() + ",\"nbf\":"
                + now.minusSeconds(300).getEpochSecond() + ",\"exp\":" + now.plusSeconds(3600).getEpochSecond()
                + ",\"oid\":\"" + oid + "\",\"tid\":\"" + TENANT + "\"}");
    }

    private static TokenCredential credential(String jwt) {
        return request -> Mono.just(new AccessToken(jwt, OffsetDateTime.now(ZoneOffset.UTC).plusHours(1)));
    }

    /** A client that authenticates as {@code oid}, over HTTPS. */
    private static BlobServiceClient asPrincipal(Cerulean server, String oid) {
        return new BlobServiceClientBuilder().endpoint(server.secureEndpoint(Cerulean.Service.BLOB, ACCOUNT))
                .credential(credential(token(oid)))
                .httpClient(TlsClients.sdkHttpClient(server.certificateFile().orElseThrow()))
                .retryOptions(BlobServers.oneTry()).buildClient();
    }

    /** A client holding the account key, over HTTP. */
    private static BlobServiceClient withKey(Cerulean server) {
        return new BlobServiceClientBuilder().connectionString(server.connectionString())
                .retryOptions(BlobServers.oneTry()).buildClient();
    }

    private static BlobContainerClient newContainer(Cerulean server, String prefix) {
        return withKey(server).createBlobContainer(BlobServers.uniqueName(prefix));
    }

    private static BlobClient blobWithSas(Cerulean server, BlobClient blob, String sas) {
        return new BlobClientBuilder().endpoint(server.blobEndpoint(ACCOUNT)).containerName(blob.getContainerName())
                .blobName(blob.getBlobName()).sasToken(sas).retryOptions(BlobServers.oneTry()).buildClient();
    }

    private static BlobContainerClient containerWithSas(Cerulean server, String container, String sas) {
        return new BlobContainerClientBuilder().endpoint(server.blobEndpoint(ACCOUNT)).containerName(container)
                .sasToken(sas).retryOptions(BlobServers.oneTry()).buildClient();
    }

    /** A blob SAS signed with {@code key} by the SDK, for a client of the principal's own (its URL names the account). */
    private static String userDelegationSas(Cerulean server, String oid, BlobClient blob, UserDelegationKey key,
                                            BlobServiceSasSignatureValues values) {
        return asPrincipal(server, oid).getBlobContainerClient(blob.getContainerName())
                .getBlobClient(blob.getBlobName()).generateUserDelegationSas(values, key);
    }

    private static BlobServiceSasSignatureValues values(String permissions) {
        return new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1), BlobSasPermission.parse(permissions));
    }

    private static UserDelegationKey keyFor(Cerulean server, String oid) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return asPrincipal(server, oid).getUserDelegationKey(now.minusMinutes(1), now.plusHours(2));
    }

    @ParameterizedTest
    @EachStore
    void aKeySignsABlobSasAndAContainerSasThatReadWriteAndList(ServerFixture store) {
        Cerulean server = server(store);
        BlobContainerClient container = newContainer(server, "udk");
        BlobClient existing = container.getBlobClient("existing.txt");
        existing.upload(BinaryData.fromString("written with the key"));
        OffsetDateTime start = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).minusMinutes(1);
        OffsetDateTime expiry = start.plusHours(2);

        UserDelegationKey key = asPrincipal(server, CONTRIBUTOR).getUserDelegationKey(start, expiry);

        assertThat(key.getSignedObjectId()).isEqualTo(CONTRIBUTOR);
        assertThat(key.getSignedTenantId()).isEqualTo(TENANT);
        assertThat(key.getSignedStart()).isEqualTo(start);
        assertThat(key.getSignedExpiry()).isEqualTo(expiry);
        assertThat(key.getSignedService()).isEqualTo("b");
        assertThat(key.getSignedVersion()).isNotEmpty();
        assertThat(java.util.Base64.getDecoder().decode(key.getValue())).hasSize(32);

        BlobClient reader = blobWithSas(server, existing,
                userDelegationSas(server, CONTRIBUTOR, existing, key, values("r")));
        assertThat(reader.downloadContent().toString()).isEqualTo("written with the key");
        assertThat(reader.getProperties().getBlobSize()).isEqualTo(20);

        BlobClient fresh = container.getBlobClient("new.txt");
        BlobClient writer = blobWithSas(server, fresh, userDelegationSas(server, CONTRIBUTOR, fresh, key, values("cw")));
        writer.upload(BinaryData.fromString("written with a user delegation SAS"));
        assertThat(fresh.downloadContent().toString()).isEqualTo("written with a user delegation SAS");

        String containerSas = asPrincipal(server, CONTRIBUTOR).getBlobContainerClient(container.getBlobContainerName())
                .generateUserDelegationSas(new BlobServiceSasSignatureValues(OffsetDateTime.now().plusHours(1),
                        BlobContainerSasPermission.parse("rwl")), key);
        BlobContainerClient lister = containerWithSas(server, container.getBlobContainerName(), containerSas);
        assertThat(lister.listBlobs().stream().map(BlobItem::getName)).containsExactly("existing.txt", "new.txt");
        lister.getBlobClient("third.txt").upload(BinaryData.fromString("third"));
        assertThat(lister.getBlobClient("third.txt").downloadContent().toString()).isEqualTo("third");
    }

    @Test
    void aSasHoldsOnlyItsLettersAndNoMoreThanItsPrincipalMay() {
        Cerulean server = server(ONE_STORE);
        BlobClient blob = newContainer(server, "udkperm").getBlobClient("file.txt");
        blob.upload(BinaryData.fromString("contents"));

        BlobClient readOnly = blobWithSas(server, blob,
                userDelegationSas(server, CONTRIBUTOR, blob, keyFor(server, CONTRIBUTOR), values("r")));
        assertBlobError(() -> readOnly.upload(BinaryData.fromString("changed"), true), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(readOnly::delete, 403, "AuthorizationPermissionMismatch");

        BlobClient readersWriter = blobWithSas(server, blob,
                userDelegationSas(server, READER, blob, keyFor(server, READER), values("rwd")));
        assertThat(readersWriter.downloadContent().toString()).isEqualTo("contents");
        assertBlobError(() -> readersWriter.upload(BinaryData.fromString("changed"), true), 403,
                "AuthorizationPermissionMismatch");
        assertBlobError(readersWriter::delete, 403, "AuthorizationPermissionMismatch");

        BlobClient delegatorsReader = blobWithSas(server, blob,
                userDelegationSas(server, DELEGATOR, blob, keyFor(server, DELEGATOR), values("r")));
        assertBlobError(delegatorsReader::downloadContent, 403, "AuthorizationPermissionMismatch");

        assertThat(blob.downloadContent().toString()).isEqualTo("contents");
    }

    /**
     * A container's ACL (its public access and stored access policies) is the account key's alone, as
     * the reference has it ("only the account owner") and as the Table service keeps a table's: a
     * bearer token, even a Contributor's, may neither read nor set it, and changes nothing.
     */
    @Test
    void aBearerTokenMayNeitherReadNorSetAContainersAcl() {
        Cerulean server = server(ONE_STORE);
        BlobContainerClient container = newContainer(server, "udkacl");
        BlobContainerClient asContributor = asPrincipal(server, CONTRIBUTOR)
                .getBlobContainerClient(container.getBlobContainerName());

        assertThat(assertBlobError(asContributor::getAccessPolicy, 403, "AuthorizationFailure").getMessage())
                .contains("only be read or set with the account key");
        assertBlobError(() -> asContributor.setAccessPolicy(PublicAccessType.CONTAINER, null), 403,
                "AuthorizationFailure");
        assertThat(container.getAccessPolicy().getBlobAccessType()).as("unchanged").isNull();
        assertThat(asContributor.getProperties()).as("the container's other reads stay open").isNotNull();
    }

    @Test
    void onlyABearerTokenOfAPrincipalWithABlobRoleGetsAKey() {
        Cerulean server = server(ONE_STORE);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        BlobServiceClient keyHolder = new BlobServiceClientBuilder()
                .connectionString(server.secureConnectionString())
                .httpClient(TlsClients.sdkHttpClient(server.certificateFile().orElseThrow()))
                .retryOptions(BlobServers.oneTry()).buildClient();

        assertThat(assertBlobError(() -> keyHolder.getUserDelegationKey(now, now.plusHours(1)), 403,
                "AuthenticationFailed").getMessage()).as("the service's words, as the SDKs show them")
                .contains("<AuthenticationErrorDetail>Only authentication scheme Bearer is supported"
                        + "</AuthenticationErrorDetail>");
        assertBlobError(() -> withKey(server).getUserDelegationKey(now, now.plusHours(1)), 403,
                "AuthenticationFailed");
        String accountSas = withKey(server).generateAccountSas(new AccountSasSignatureValues(now.plusHours(1),
                AccountSasPermission.parse("rwdlacup"), new AccountSasService().setBlobAccess(true),
                AccountSasResourceType.parse("sco")));
        BlobServiceClient sasHolder = new BlobServiceClientBuilder()
                .endpoint(server.secureEndpoint(Cerulean.Service.BLOB, ACCOUNT)).sasToken(accountSas)
                .httpClient(TlsClients.sdkHttpClient(server.certificateFile().orElseThrow()))
                .retryOptions(BlobServers.oneTry()).buildClient();
        assertBlobError(() -> sasHolder.getUserDelegationKey(now, now.plusHours(1)), 403, "AuthenticationFailed");
        assertBlobError(() -> asPrincipal(server, NO_BLOB_ROLE).getUserDelegationKey(now, now.plusHours(1)), 403,
                "AuthorizationPermissionMismatch");
    }

    @Test
    void aKeyExpiresWithinSevenDaysAfterItsStart() {
        Cerulean server = server(ONE_STORE);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);

        assertBlobError(() -> asPrincipal(server, CONTRIBUTOR).getUserDelegationKey(now, now.plusDays(8)), 400,
                "InvalidXmlNodeValue");
        assertBlobError(() -> asPrincipal(server, CONTRIBUTOR).getUserDelegationKey(now.minusHours(2),
                now.minusHours(1)), 400, "InvalidXmlNodeValue");
        assertThat(asPrincipal(server, CONTRIBUTOR).getUserDelegationKey(null, now.plusDays(6)).getSignedStart())
                .as("no start: now").isBetween(now.minusMinutes(1), now.plusMinutes(1));
    }

    @Test
    void aKeyInfoThatIsNotWellFormedOrHoldsNoTimeIsRefused() throws Exception {
        Cerulean server = server(ONE_STORE);
        var http = TlsClients.jdkHttpClient(server.certificateFile().orElseThrow());
        String later = DateTimeFormatter.ISO_INSTANT.format(Instant.now().plus(Duration.ofHours(1))
                .truncatedTo(ChronoUnit.SECONDS));
        Map<String, String[]> cases = Map.of(
                "<KeyInfo><Start>", new String[] {"InvalidXmlDocument"},
                "<KeyInfo><Start>2026-01-01T00:00:00Z</Start></KeyInfo>", new String[] {"InvalidXmlDocument"},
                "<KeyInfo><Expiry>tomorrow</Expiry></KeyInfo>", new String[] {"InvalidXmlNodeValue"},
                "<KeyInfo><Start>soon</Start><Expiry>" + later + "</Expiry></KeyInfo>",
                new String[] {"InvalidXmlNodeValue"});
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(
                            server.secureEndpoint(Cerulean.Service.BLOB, ACCOUNT) + "/?restype=service&comp=userdelegationkey"))
                    .header("Authorization", "Bearer " + token(CONTRIBUTOR)).header("x-ms-version", "2025-05-05")
                    .POST(HttpRequest.BodyPublishers.ofString(c.getKey())).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(c.getKey()).isEqualTo(400);
            assertThat(response.headers().firstValue("x-ms-error-code")).as(c.getKey()).hasValue(c.getValue()[0]);
        }
    }

    @Test
    void aSasIsRefusedOutsideItsKeysTimeFrame() throws InterruptedException {
        Cerulean server = server(ONE_STORE);
        BlobClient blob = newContainer(server, "udktime").getBlobClient("file.txt");
        blob.upload(BinaryData.fromString("contents"));
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);

        UserDelegationKey notYet = asPrincipal(server, CONTRIBUTOR).getUserDelegationKey(now.plusHours(1),
                now.plusHours(2));
        BlobClient early = blobWithSas(server, blob, userDelegationSas(server, CONTRIBUTOR, blob, notYet,
                new BlobServiceSasSignatureValues(now.plusHours(2), BlobSasPermission.parse("r"))));
        assertThat(assertBlobError(early::downloadContent, 403, "AuthenticationFailed").getMessage())
                .contains("user delegation key is not valid");

        UserDelegationKey brief = asPrincipal(server, CONTRIBUTOR).getUserDelegationKey(now.minusMinutes(1),
                now.plusSeconds(3));
        BlobClient late = blobWithSas(server, blob, userDelegationSas(server, CONTRIBUTOR, blob, brief, values("r")));
        Instant expired = brief.getSignedExpiry().toInstant().plusMillis(1100);
        while (Instant.now().isBefore(expired)) {
            Thread.sleep(100);
        }
        assertThat(assertBlobError(late::downloadContent, 403, "AuthenticationFailed").getMessage())
                .contains("user delegation key is not valid");
    }

    @Test
    void aKeyChangedOrFromAnotherSecretFailsTheSignature() {
        Cerulean server = server(ONE_STORE);
        BlobClient blob = newContainer(server, "udksig").getBlobClient("file.txt");
        blob.upload(BinaryData.fromString("contents"));
        UserDelegationKey key = keyFor(server, CONTRIBUTOR);

        UserDelegationKey stretched = new UserDelegationKey().setSignedObjectId(key.getSignedObjectId())
                .setSignedTenantId(key.getSignedTenantId()).setSignedStart(key.getSignedStart())
                .setSignedExpiry(key.getSignedExpiry().plusDays(3)).setSignedService(key.getSignedService())
                .setSignedVersion(key.getSignedVersion()).setValue(key.getValue());
        BlobClient changed = blobWithSas(server, blob, userDelegationSas(server, CONTRIBUTOR, blob, stretched,
                values("r")));
        assertThat(assertBlobError(changed::downloadContent, 403, "AuthenticationFailed").getMessage())
                .contains("Signature did not match");

        try (var other = ServerFixture.IN_MEMORY.start(builder -> builder.tls().oauth(oauth))) {
            BlobServiceClient otherPrincipal = asPrincipal(other.cerulean(), CONTRIBUTOR);
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            UserDelegationKey foreign = otherPrincipal.getUserDelegationKey(now.minusMinutes(1), now.plusHours(1));
            BlobClient withForeignKey = blobWithSas(server, blob,
                    userDelegationSas(server, CONTRIBUTOR, blob, foreign, values("r")));
            assertBlobError(withForeignKey::downloadContent, 403, "AuthenticationFailed");
        }
        assertThat(blob.downloadContent().toString()).isEqualTo("contents");
    }

    /** The key is derived from a secret the store keeps: a server started again on the same data honours it. */
    @Test
    void aKeyOutlivesARestartOnTheSameData() throws IOException {
        Path data = Files.createDirectory(dir.resolve("restarted"));
        String sas;
        BlobClient blob;
        try (Cerulean first = Cerulean.builder().port(0).dataDir(data).tls().oauth(oauth).start()) {
            blob = newContainer(first, "udkrestart").getBlobClient("file.txt");
            blob.upload(BinaryData.fromString("kept"));
            sas = userDelegationSas(first, CONTRIBUTOR, blob, keyFor(first, CONTRIBUTOR), values("r"));
        }
        try (Cerulean second = Cerulean.builder().port(0).dataDir(data).tls().oauth(oauth).start()) {
            assertThat(blobWithSas(second, blob, sas).downloadContent().toString()).isEqualTo("kept");
        }
    }
}
