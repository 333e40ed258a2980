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
 * Blob Batch through the JavaScript SDK: runs {@code src/test/js/blob-batch.mjs}, which drives
 * {@code BlobBatchClient} of {@code @azure/storage-blob} (the version {@code package.json} pins)
 * against an in-process server: deletes on the account and in a container, a batch whose
 * sub-requests carry credentials of their own (the account key, a SAS without delete, a SAS with it),
 * Set Blob Tier in a batch, and a container's batch refused as a whole. The JavaScript SDK writes its
 * batch and reads the answer its own way: it matches parts to requests by {@code Content-ID}.
 * Runs on each store ({@link EachStore}); needs Node.js 20+ and npm ({@link NodeScripts}).
 */
class JsBlobBatchSdkTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String OK_LINE = "BLOB BATCH OK";
    /** What each step checked, as the script prints it on success ({@code ok NN <this> (T ms)}). */
    private static final List<String> STEPS = List.of(
            "deleteBlobs on the account: 202 each, the blobs gone",
            "deleteBlobs in a container's batch: 202 each, the container empty",
            "each sub-request with its own credential: SAS without d 403, missing 404, the others 202",
            "setBlobsAccessTier: each part answers as Set Blob Tier answers alone",
            "a blob of another container in a container's batch: refused as a whole, nothing deleted");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-batch.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void batchesWorkThroughTheSdk(ServerFixture fixture) {
        try (var server = fixture.start()) {
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-batch.mjs", server.connectionString());
            assertThat(result.exitCode())
                    .as("blob-batch.mjs exited with %d:%n%s", result.exitCode(), result.output()).isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                        .as("blob-batch.mjs did not report step '%s':%n%s", expected, result.output()).isTrue();
            }
            assertThat(lines.stream().anyMatch(line -> line.startsWith(OK_LINE)))
                    .as("blob-batch.mjs did not print '%s':%n%s", OK_LINE, result.output()).isTrue();
        }
    }
}
