package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.blob.service.CopySettings;
import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * What Copy Blob sets on its destination, through the JavaScript SDK: runs
 * {@code src/test/js/blob-copy-settings.mjs} against a server that copies sources over 256 KiB in
 * the background and rehydrates in two seconds. The script copies with tags, tier and seal in the
 * background, rehydrates an archived blob by copying it (refused without a tier), and has a premium
 * page blob tier refused. Runs on each store ({@link EachStore}); needs Node.js 20+ and npm
 * ({@link NodeScripts}).
 */
class JsBlobCopySettingsTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String OK_LINE = "COPY SETTINGS OK";
    private static final List<String> STEPS = List.of(
            "a copy in the background takes its tags, tier and seal as it completes",
            "an archived blob is copied only to an online tier, then rehydrated",
            "a premium page blob tier on a copy: 400 InvalidHeaderValue, nothing written");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-copy-settings.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void copySettingsWorkThroughTheJavaScriptSdk(ServerFixture fixture) {
        try (var server = fixture.start(builder -> builder.blobRehydrationDelay(Duration.ofSeconds(2))
                .blobCopies(new CopySettings(256 * 1024, 64 * 1024, Duration.ZERO, Duration.ofSeconds(10),
                        64L * 1024 * 1024)))) {
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-copy-settings.mjs", server.connectionString());
            assertThat(result.exitCode()).as("blob-copy-settings.mjs exited with %d:%n%s", result.exitCode(),
                    result.output()).isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                        .as("blob-copy-settings.mjs did not report step '%s':%n%s", expected, result.output())
                        .isTrue();
            }
            assertThat(lines.stream().anyMatch(line -> line.startsWith(OK_LINE)))
                    .as("blob-copy-settings.mjs did not print '%s':%n%s", OK_LINE, result.output()).isTrue();
        }
    }
}
