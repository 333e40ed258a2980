package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Cerulean;
import io.cerulean.http.oauth.OAuthConfig;
import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import io.cerulean.it.tls.TestTokenService;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * User delegation keys and SAS through the JavaScript SDK: runs {@code src/test/js/blob-udk.mjs}
 * (@azure/storage-blob 12.32.0, which signs user delegation SAS in the layout of 2026-04-06) against
 * a server over HTTPS that trusts the test's token keys. The script gets a key with a token of a Blob
 * Data Contributor, reads, writes and lists through SAS signed with it, and sees a changed key
 * refused. Needs Node.js 20+ and npm ({@link NodeScripts}).
 */
class JsUserDelegationSasTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
    private static final String ISSUER = "https://sts.windows.net/" + TENANT + "/";
    private static final String CONTRIBUTOR = "e1f2a3b4-0000-4000-8000-000000000001";
    private static final List<String> STEPS = List.of(
            "getUserDelegationKey with a bearer token: the token's oid and tid, the times asked, service b",
            "blob SAS r: reads the blob, refused writes 403 AuthorizationPermissionMismatch",
            "blob SAS cw: creates a blob",
            "container SAS rl: lists the container's blobs in order",
            "a key whose expiry was changed fails the signature: 403 AuthenticationFailed",
            "cleanup: delete the container with the token");

    private static NodeScripts scripts;

    @TempDir
    static Path dir;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-udk.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void sdkGetsAKeyAndUsesItsSas(ServerFixture store) throws IOException {
        try (TestTokenService tokens = new TestTokenService()) {
            Path jwks = Files.writeString(dir.resolve("jwks-" + store + ".json"), tokens.jwks(), StandardCharsets.UTF_8);
            Path roles = Files.writeString(dir.resolve("roles-" + store + ".txt"),
                    CONTRIBUTOR + " Storage Blob Data Contributor\n", StandardCharsets.UTF_8);
            try (var server = store.start(builder -> builder.tls()
                    .oauth(OAuthConfig.jwks(jwks.toString()).withIssuer(ISSUER).withRoles(roles)))) {
                Cerulean cerulean = server.cerulean();
                Instant now = Instant.now();
                String token = tokens.rs256(TestTokenService.RSA_KID, "{\"aud\":\"https://storage.azure.com\",\"iss\":\""
                        + ISSUER + "\",\"iat\":" + now.minusSeconds(300).getEpochSecond() + ",\"nbf\":"
                        + now.minusSeconds(300).getEpochSecond() + ",\"exp\":" + now.plusSeconds(3600).getEpochSecond()
                        + ",\"oid\":\"" + CONTRIBUTOR + "\",\"tid\":\"" + TENANT + "\"}");
                Result result = scripts.node(SCRIPT_TIMEOUT, "blob-udk.mjs",
                        cerulean.secureEndpoint(Cerulean.Service.BLOB, "devstoreaccount1"),
                        cerulean.blobEndpoint("devstoreaccount1"), token,
                        cerulean.certificateFile().orElseThrow().toString());
                assertThat(result.exitCode()).as("blob-udk.mjs exited with %d:%n%s", result.exitCode(), result.output())
                        .isZero();
                List<String> lines = result.stdout().lines().toList();
                for (int i = 0; i < STEPS.size(); i++) {
                    String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                    assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                            .as("blob-udk.mjs did not report step '%s':%n%s", expected, result.output()).isTrue();
                }
                assertThat(lines).anyMatch(line -> line.startsWith("UDK OK"));
            }
        }
    }
}
