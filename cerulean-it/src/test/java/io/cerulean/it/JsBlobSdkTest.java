package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.auth.Account;
import io.cerulean.it.support.NodeScripts;
import io.cerulean.it.support.NodeScripts.Result;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The Blob service through the JavaScript SDK: runs {@code src/test/js/blob.mjs}, which drives
 * {@code @azure/storage-blob} (pinned in {@code package.json}: 12.32.0, the last release that runs on
 * Node.js 20) against an in-process server, from the connection string the server hands out. The
 * script covers containers (create, createIfNotExists, metadata, listing, delete), block blobs (Put
 * Blob; {@code uploadData} of 5 MiB of random bytes in 1 MiB blocks four at a time; blocks staged
 * and committed by hand with Get Block List), whole, parallel and ranged downloads compared by
 * SHA-256, properties and metadata, List Blobs flat and by hierarchy with paging, conditional reads
 * (304, 412) and writes (412, 409), error codes, a blob SAS, and deletes. The second SDK family
 * matters because it builds its XML, block ids and ranges, signs and parses answers its own way.
 *
 * <p>Runs on each store ({@link EachStore}), and once more for an account other than the development
 * one, with a key of its own. Needs Node.js 20+ and npm ({@link NodeScripts}, which runs {@code npm ci}
 * when the pinned SDK is missing). Set env {@code DEBUG_BLOB=1} to have the script print every request.
 */
class JsBlobSdkTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final String OK_LINE = "BLOB OK";
    /** What each step checked, as the script prints it on success ({@code ok NN <this> (T ms)}). */
    private static final List<String> STEPS = List.of(
            "createIfNotExists creates, then 409 ContainerAlreadyExists",
            "container properties and metadata",
            "upload a small blob (Put Blob) with headers and metadata",
            "uploadData in 1 MiB blocks, concurrency 4 (Put Block x6, Put Block List)",
            "download whole, streamed and in parallel ranges: same digest",
            "ranged downloads: 206, Content-Range, bytes of the range; past the end 416 InvalidRange",
            "stage blocks by hand: Get Block List, commit in another order, the rest discarded",
            "properties and metadata round trip (Set Blob Properties replaces the set)",
            "list blobs flat: names in order, prefix, metadata, paging",
            "list blobs by hierarchy: prefixes and blobs, one level at a time",
            "conditional reads: If-None-Match 304, If-Match 412 ConditionNotMet, dates too",
            "conditional writes: stale If-Match 412, If-None-Match * on an existing blob 409 BlobAlreadyExists",
            "error codes: 404 BlobNotFound, 404 ContainerNotFound, 400 InvalidBlockList",
            "blob SAS: r reads, refused writes; another blob fails the signature",
            "delete blob: 202, then 404 BlobNotFound; delete container: then 404 ContainerNotFound");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob.mjs", "@azure/storage-blob");
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
        String account = "jsblob";
        try (var server = ServerFixture.chosenOr(ServerFixture.IN_MEMORY)
                .start(builder -> builder.account(Account.of(account, encodedKey)))) {
            runScript("DefaultEndpointsProtocol=http;AccountName=" + account + ";AccountKey=" + encodedKey
                    + ";BlobEndpoint=" + server.cerulean().blobEndpoint(account) + ";");
        }
    }

    private static void runScript(String connectionString) {
        Result result = scripts.node(SCRIPT_TIMEOUT, "blob.mjs", connectionString);
        assertThat(result.exitCode())
                .as("blob.mjs with %s exited with %d:%n%s", connectionString, result.exitCode(), result.output())
                .isZero();
        List<String> lines = result.stdout().lines().toList();
        for (int i = 0; i < STEPS.size(); i++) {
            String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
            assertThat(lines.stream().anyMatch(line -> line.startsWith(expected)))
                    .as("blob.mjs did not report step '%s':%n%s", expected, result.output())
                    .isTrue();
        }
        assertThat(lines.stream().anyMatch(line -> line.startsWith(OK_LINE)))
                .as("blob.mjs did not print '%s':%n%s", OK_LINE, result.output())
                .isTrue();
    }
}
