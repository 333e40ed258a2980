package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.auth.Account;
import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The Queue service through the JavaScript SDK: runs {@code src/test/js/queue.mjs}, which drives
 * {@code @azure/storage-queue} (pinned in {@code package.json}) against an in-process server, from
 * the connection string the server hands out. The script covers queues (create, createIfNotExists,
 * metadata, listing with prefix and paging, delete), messages (send, receive, peek, update, delete,
 * clear, with the error codes of stale pop receipts and gone messages), the queue ACL, queue and
 * account SAS, service properties with CORS, and the limits on numberOfMessages and message size.
 * The second SDK family matters because it builds its XML, signs and parses answers its own way:
 * what works for the Java SDK is not thereby shown to work for it.
 *
 * <p>Runs on each store ({@link EachStore}), and once more for an account other than the development
 * one, with a key of its own, so that signatures and SAS are checked against a key no test hard-codes.
 * Needs Node.js 20+ and npm ({@link NodeScripts}, which runs {@code npm ci} when the pinned SDK is
 * missing). Set env {@code DEBUG_QUEUE=1} to have the script print every request it sends.
 */
class JsQueueSdkTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String OK_LINE = "QUEUE OK";

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("queue.mjs", "@azure/storage-queue");
    }

    @ParameterizedTest
    @EachStore
    void sdkWorksEndToEnd(ServerFixture fixture) {
        try (var server = fixture.start()) {
            runScript(server.connectionString());
        }
    }

    @Test
    void sdkWorksForAnotherAccount() {
        byte[] key = new byte[64];
        new SecureRandom().nextBytes(key);
        String encodedKey = Base64.getEncoder().encodeToString(key);
        String account = "jsqueue";
        try (var server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY)
                .start(builder -> builder.account(Account.of(account, encodedKey)))) {
            runScript("DefaultEndpointsProtocol=http;AccountName=" + account + ";AccountKey=" + encodedKey
                    + ";QueueEndpoint=" + server.cerulean().queueEndpoint(account) + ";");
        }
    }

    private static void runScript(String connectionString) {
        Result result = scripts.node(SCRIPT_TIMEOUT, "queue.mjs", connectionString);
        assertThat(result.exitCode())
                .as("queue.mjs with %s exited with %d:%n%s", connectionString, result.exitCode(), result.output())
                .isZero();
        assertThat(result.stdout().lines().anyMatch(line -> line.startsWith(OK_LINE)))
                .as("queue.mjs did not print '%s':%n%s", OK_LINE, result.output())
                .isTrue();
    }
}
