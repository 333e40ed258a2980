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
 * CRC-64 checksums and page range diffs through the JavaScript SDK: runs
 * {@code src/test/js/blob-crc.mjs} ({@code @azure/storage-blob} 12.32.0) against an in-process
 * server: {@code transactionalContentCrc64} on stageBlock, appendBlock and uploadPages (checked and
 * answered, a wrong one refused), {@code rangeGetContentCrc64} on a ranged download, and
 * getPageRangesDiff, on each store.
 */
class JsBlobCrcSdkTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final List<String> STEPS = List.of(
            "stageBlock with transactionalContentCrc64: checked, answered; a wrong one 400 Crc64Mismatch",
            "appendBlock with transactionalContentCrc64: a wrong one appends nothing",
            "uploadPages with transactionalContentCrc64, and a ranged download's rangeGetContentCrc64",
            "getPageRangesDiff since a snapshot: pages written and pages cleared");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-crc.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void crc64AndPageDiffsThroughTheJavaScriptSdk(ServerFixture fixture) {
        try (var server = fixture.start()) {
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-crc.mjs", server.connectionString());
            assertThat(result.exitCode()).as("blob-crc.mjs exited with %d:%n%s", result.exitCode(), result.output())
                    .isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                        .as("blob-crc.mjs did not report step '%s':%n%s", expected, result.output()).isTrue();
            }
            assertThat(lines).anyMatch(line -> line.startsWith("BLOB CRC OK"));
        }
    }
}
