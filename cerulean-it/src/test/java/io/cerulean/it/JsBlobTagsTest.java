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
 * Blob index tags through the JavaScript SDK: runs {@code src/test/js/blob-tags.mjs} (the pinned
 * {@code @azure/storage-blob}, as {@link JsBlobSdkTest} does) against an in-process server on each
 * store: Set and Get Blob Tags, tags with Put Blob, {@code ifTags}, listing with tags, Find Blobs by
 * Tags in a container and across the account, paged, and the refusals. The JavaScript SDK builds
 * {@code x-ms-tags} and the tag XML its own way, and reads Find Blobs by Tags' answer with its own
 * parser.
 */
class JsBlobTagsTest {
    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(120);
    private static final List<String> STEPS = List.of(
            "set and get tags: the ETag stays, the count shows",
            "tags given with Put Blob, listed with includeTags",
            "tag conditions: a failed ifTags is 412 ConditionNotMet, a malformed one 400",
            "find blobs by tags in the container and the account, paged",
            "tags past the limits: 400 InvalidTag, TagsTooLarge",
            "a deleted blob is found no more");

    private static NodeScripts scripts;

    @BeforeAll
    static void installSdk() throws IOException {
        scripts = NodeScripts.install("blob-tags.mjs", "@azure/storage-blob");
    }

    @ParameterizedTest
    @EachStore
    void tagsWorkThroughTheJavaScriptSdk(ServerFixture fixture) {
        try (var server = fixture.start()) {
            Result result = scripts.node(SCRIPT_TIMEOUT, "blob-tags.mjs", server.connectionString());
            assertThat(result.exitCode()).as("blob-tags.mjs exited with %d:%n%s", result.exitCode(), result.output())
                    .isZero();
            List<String> lines = result.stdout().lines().toList();
            for (int i = 0; i < STEPS.size(); i++) {
                String expected = String.format("ok %2d %s (", i + 1, STEPS.get(i));
                assertThat(lines).as("blob-tags.mjs did not report step '%s':%n%s", expected, result.output())
                        .anyMatch(line -> line.startsWith(expected));
            }
            assertThat(lines).anyMatch(line -> line.startsWith("TAGS OK"));
        }
    }
}
