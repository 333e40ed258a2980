package io.cerulean.it.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Contract 6.4, batch-level errors: a body that is not a batch, a batch without valid
 * authentication and one over 4 MiB are answered with a normal error response, not a 202.
 */
class TopLevelBatchErrorsTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static String crlf(String text) {
        return text.replace("\n", "\r\n");
    }

    @ParameterizedTest
    @EachStore
    void aBodyThatIsNotABatchIs400InvalidInput(ServerFixture fixture) {
        SignedHttp raw = SERVERS.http(fixture).withDateHeader();
        RawResponse malformed = raw.postBatch("multipart/mixed; boundary=batch_x", "{\"not\":\"multipart\"}");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.header("x-ms-error-code")).isEqualTo("InvalidInput");
        assertThat(malformed.topLevelError().path("code").asText()).isEqualTo("InvalidInput");
        RawResponse noBoundary = raw.postBatch("application/json", "{}");
        assertThat(noBoundary.status()).isEqualTo(400);
        assertThat(noBoundary.header("x-ms-error-code")).isEqualTo("InvalidInput");
        RawResponse twoChangeSets = raw.postBatch("multipart/mixed; boundary=b", crlf("""
                --b
                Content-Type: multipart/mixed; boundary=c

                --c--
                --b
                Content-Type: multipart/mixed; boundary=c

                --c--
                --b--
                """));
        assertThat(twoChangeSets.status()).isEqualTo(400);
        assertThat(twoChangeSets.header("x-ms-error-code")).isEqualTo("InvalidInput");
    }

    @ParameterizedTest
    @EachStore
    void onlyTheOuterRequestIsAuthenticatedAndWithoutItNothingRuns(ServerFixture fixture) {
        RawResponse unsigned = SERVERS.http(fixture).withDateHeader().postBatch("multipart/mixed; boundary=b",
                "--b\r\n\r\n--b--".getBytes(StandardCharsets.UTF_8), false);
        assertThat(unsigned.status()).isIn(401, 403);
        assertThat(unsigned.header("Content-Type")).doesNotStartWith("multipart/");
    }

    @ParameterizedTest
    @EachStore
    void aBodyOverFourMebibytesIs413RequestBodyTooLarge(ServerFixture fixture) {
        byte[] oversized = new byte[4 * 1024 * 1024 + 1];
        Arrays.fill(oversized, (byte) 'x');
        RawResponse tooLarge = SERVERS.http(fixture).withDateHeader()
                .postBatch("multipart/mixed; boundary=b", oversized, true);
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.header("x-ms-error-code")).isEqualTo("RequestBodyTooLarge");
    }
}
