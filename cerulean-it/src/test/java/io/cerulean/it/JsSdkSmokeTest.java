package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.app.Cerulean;
import io.cerulean.http.auth.Account;
import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The second SDK family: runs {@code src/test/js/smoke.mjs}, which drives {@code @azure/data-tables}
 * (the JavaScript SDK, pinned in {@code package.json}) against an in-process server. The JS SDK signs
 * with Shared Key Lite over {@code x-ms-date}, serialises entities its own way, and takes an endpoint
 * on host {@code localhost}, on a port other than 10002, for an account other than
 * {@code devstoreaccount1} as Cosmos DB: it then sends merges as {@code POST} with
 * {@code X-HTTP-Method: MERGE}. Hence two runs: {@code 127.0.0.1} (merges as {@code PATCH}) and
 * {@code localhost} with a second account (merges as {@code POST}; the script checks which it saw).
 *
 * <p>Needs Node.js 20+ and npm on the PATH (override with {@code -Dcerulean.node=}/{@code
 * -Dcerulean.npm=}); runs {@code npm ci} first when the pinned SDK is not installed ({@link
 * NodeScripts}). Missing tools fail the test: they are not a reason to skip it. Set env {@code
 * DEBUG_SMOKE=1} to have the script print every request it sends.
 */
class JsSdkSmokeTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String OK_LINE = "SMOKE OK";

    private static NodeScripts scripts;

    /** One run of the script: the endpoint host, the account it uses and how merges must go out. */
    record Case(String host, String account, String expectedMerge) {
        @Override
        public String toString() {
            return host + " (" + account + ", merge as " + expectedMerge + ")";
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("127.0.0.1", Account.DEVELOPMENT_NAME, "PATCH"),
                // Not devstoreaccount1: the SDK exempts http://localhost/devstoreaccount1 from Cosmos mode.
                new Case("localhost", "jscosmos", "POST+MERGE"));
    }

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("smoke.mjs", "@azure/data-tables");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sdkWorksEndToEnd(Case c) {
        String key = randomKey();
        Cerulean.Builder builder = Cerulean.builder().inMemory().port(0);
        if (!c.account().equals(Account.DEVELOPMENT_NAME)) {
            builder.account(Account.of(c.account(), key));
        } else {
            key = Account.DEVELOPMENT_KEY;
        }
        try (Cerulean server = builder.start()) {
            String endpoint = "http://" + c.host() + ":" + server.port() + "/" + c.account();
            // The server listens on 127.0.0.1; make node try IPv4 first when it resolves localhost.
            Result result = scripts.node(SCRIPT_TIMEOUT, "--dns-result-order=ipv4first", "smoke.mjs",
                    endpoint, c.account(), key, c.expectedMerge());

            assertThat(result.exitCode())
                    .as("smoke.mjs against %s exited with %d:%n%s", endpoint, result.exitCode(), result.output())
                    .isZero();
            assertThat(result.stdout().lines().anyMatch(line -> line.startsWith(OK_LINE)))
                    .as("smoke.mjs did not print '%s':%n%s", OK_LINE, result.output())
                    .isTrue();
        }
    }

    private static String randomKey() {
        byte[] bytes = new byte[64];
        new SecureRandom().nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
