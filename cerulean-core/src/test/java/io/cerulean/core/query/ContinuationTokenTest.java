package io.cerulean.core.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.core.error.ErrorCode;
import org.junit.jupiter.api.Test;

/** Tokens are kept by clients between pages: their encoding is pinned here. */
class ContinuationTokenTest {
    @Test
    void encodingIsPinned() {
        assertThat(ContinuationToken.encode("listEntitiesTest")).isEqualTo("1!22!bGlzdEVudGl0aWVzVGVzdA");
        assertThat(ContinuationToken.encode("")).isEqualTo("1!0!");
        assertThat(ContinuationToken.encode("\u00e9\uD83D\uDE00?")).isEqualTo("1!10!w6nwn5iAPw");
    }

    @Test
    void tokensAreAsciiAndUrlSafe() {
        String token = ContinuationToken.encode("\u00ff\u00fe+/=\uD83D\uDE00 '\"");
        assertThat(token).matches("[A-Za-z0-9!_-]*");
        assertThat(ContinuationToken.decode(token, "NextRowKey")).isEqualTo("\u00ff\u00fe+/=\uD83D\uDE00 '\"");
    }

    @Test
    void plainBase64TokensAreAcceptedToo() {
        assertThat(ContinuationToken.decode("cGFydGl0aW9u", "NextPartitionKey")).isEqualTo("partition");
    }

    @Test
    void garbageIsInvalidInput() {
        assertThatThrownBy(() -> ContinuationToken.decode("1!5!abc", "NextRowKey"))
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        assertThatThrownBy(() -> ContinuationToken.decode("***", "NextRowKey"))
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
    }
}
