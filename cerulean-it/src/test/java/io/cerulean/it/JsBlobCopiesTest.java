package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.auth.Account;
import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Copies through the JavaScript SDK: runs {@code src/test/js/blob-copies.mjs} against a server with
 * two accounts, copying from one into the other with the source's SAS (Copy Blob polled to success,
 * Copy Blob From URL, Put Block From URL), refused without it, and from an HTTP server the script
 * starts on loopback. Needs Node.js 20+ and npm ({@link NodeScripts}).
 */
class JsBlobCopiesTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String SOURCE_ACCOUNT = "jscopysource";
    private static final String SOURCE_KEY = "anMgY29weSBzb3VyY2UgYWNjb3VudCBrZXkgZm9yIENlcnVsZWFuJ3MgdGVzdHM=";
    private static final List<String> STEPS = List.of(
            "Copy Blob from another account with its SAS, polled to success",
            "Copy Blob From URL and Put Block From URL from another account with its SAS",
            "without the source's SAS: 404 CannotVerifyCopySource, as reading it would be, nothing written",
            "copies from a URL served elsewhere: sync, in the background, and a 404 source");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-copies.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void copiesAcrossAccountsAndFromUrls(ServerFixture fixture) {
        try (var server = fixture.start(builder -> builder.account(Account.of(SOURCE_ACCOUNT, SOURCE_KEY)))) {
            String source = "DefaultEndpointsProtocol=http;AccountName=" + SOURCE_ACCOUNT + ";AccountKey=" + SOURCE_KEY
                    + ";BlobEndpoint=" + server.cerulean().blobEndpoint(SOURCE_ACCOUNT) + ";";
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-copies.mjs", server.connectionString(), source);
            assertThat(result.exitCode()).as("blob-copies.mjs exited with %d:%n%s", result.exitCode(), result.output())
                    .isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                        .as("blob-copies.mjs did not report step '%s':%n%s", expected, result.output()).isTrue();
            }
            assertThat(lines).as(result.output()).anyMatch(line -> line.startsWith("COPIES OK"));
        }
    }
}
