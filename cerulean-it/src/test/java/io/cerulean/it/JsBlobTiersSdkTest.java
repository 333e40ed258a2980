package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Access tiers and sealed append blobs through the JavaScript SDK: runs
 * {@code src/test/js/blob-tiers.mjs} ({@code @azure/storage-blob}, pinned in {@code package.json})
 * against a server whose rehydration delay is two seconds. The script sets tiers on upload, commit
 * and by Set Blob Tier, reads an archived blob's refusals, waits for its rehydration, and seals an
 * append blob. Runs on each store ({@link EachStore}); needs Node.js 20+ and npm ({@link NodeScripts}).
 */
class JsBlobTiersSdkTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String OK_LINE = "TIERS OK";
    private static final List<String> STEPS = List.of(
            "upload and commit with a tier; Set Blob Tier changes it at once (200), keeping the ETag",
            "an archived blob: properties answered, download and metadata 409 BlobArchived",
            "rehydration: 202, pending to Hot at High priority, then Hot once the delay has passed",
            "Set Blob Tier refused: 400 InvalidBlobTier for an append blob, 404 BlobNotFound",
            "seal an append blob: sealed in properties and listing, append 409 BlobIsSealed");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-tiers.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void tiersAndSealsWorkThroughTheJavaScriptSdk(ServerFixture fixture) {
        try (var server = fixture.start(builder -> builder.blobRehydrationDelay(Duration.ofSeconds(2)))) {
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-tiers.mjs", server.connectionString());
            assertThat(result.exitCode()).as("blob-tiers.mjs exited with %d:%n%s", result.exitCode(),
                    result.output()).isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                        .as("blob-tiers.mjs did not report step '%s':%n%s", expected, result.output()).isTrue();
            }
            assertThat(lines.stream().anyMatch(line -> line.startsWith(OK_LINE)))
                    .as("blob-tiers.mjs did not print '%s':%n%s", OK_LINE, result.output()).isTrue();
        }
    }
}
