package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Refusals as the JavaScript SDK reads them: runs {@code src/test/js/blob-wire.mjs} (the pinned
 * {@code @azure/storage-blob}, as {@link JsBlobSdkTest} does) against an in-process server: the
 * reason a Shared Key or a SAS was refused, which the SDK reads from {@code <AuthenticationErrorDetail>},
 * {@code If-None-Match: *} on a read, and a Find Blobs by Tags query the service cannot read. One
 * store: nothing here depends on how blobs are kept.
 */
class JsBlobWireSdkTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final List<String> STEPS = List.of(
            "a wrong key: 403 AuthenticationFailed naming the string to sign the server used",
            "an expired SAS: the times the server compared",
            "If-None-Match: * on a read: 400 UnsatisfiableCondition",
            "a where the service cannot read: what is wrong as the message");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-wire.mjs", "@azure/storage-blob");
    }

    @Test
    void refusalsReadAsTheJavaScriptSdkReadsThem() {
        try (var server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY).start()) {
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-wire.mjs", server.connectionString());
            assertThat(result.exitCode()).as("blob-wire.mjs exited with %d:%n%s", result.exitCode(), result.output())
                    .isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines).as("blob-wire.mjs did not report step '%s':%n%s", expected, result.output())
                        .anyMatch(line -> line.startsWith(expected));
            }
            assertThat(lines).anyMatch(line -> line.startsWith("WIRE OK"));
        }
    }
}
