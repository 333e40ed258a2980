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
 * Blob versions and soft delete through the JavaScript SDK: runs {@code src/test/js/blob-versions.mjs}
 * ({@code @azure/storage-blob}, pinned as for {@link JsBlobSdkTest}) against a server that keeps
 * versions in every account: version ids on uploads, reads by version, listings with versions and
 * deleted ones, a soft-deleted version undeleted, the refusal to delete the current version by its
 * id, and the versions a deleted blob leaves. Runs on each store ({@link EachStore}).
 */
class JsBlobVersionsSdkTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String OK_LINE = "BLOB VERSIONS OK";
    private static final List<String> STEPS = List.of(
            "service properties keep the soft delete policy",
            "each upload answers its version id; the previous one stays readable",
            "list with versions: oldest first, the current one last",
            "a previous version deleted is kept, listed deleted, and undeleted",
            "the current version is not deleted by its id: 403 OperationNotAllowedOnRootBlob",
            "deleting the blob leaves its versions and no current one");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-versions.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void versionsAndSoftDeleteThroughTheSdk(ServerFixture fixture) {
        try (var server = fixture.start(builder -> builder.blobVersioning())) {
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-versions.mjs", server.connectionString());
            assertThat(result.exitCode()).as("blob-versions.mjs exited with %d:%n%s", result.exitCode(),
                    result.output()).isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                        .as("blob-versions.mjs did not report step '%s':%n%s", expected, result.output()).isTrue();
            }
            assertThat(lines).as(result.output()).anyMatch(line -> line.startsWith(OK_LINE));
        }
    }
}
