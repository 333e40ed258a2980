package io.cerulean.table.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cerulean.common.error.CommonError;
import org.junit.jupiter.api.Test;

/** Tokens are kept by clients between pages: their encoding is pinned here. */
class ContinuationTokenTest {
    @Test
    void encodingIsPinned() {
        assertThat(ContinuationToken.encode("listEntitiesTest")).isEqualTo("2!22!bGlzdEVudGl0aWVzVGVzdA");
        assertThat(ContinuationToken.encode("")).isEqualTo("2!0!");
        assertThat(ContinuationToken.encode("\u00e9\uD83D\uDE00?")).isEqualTo("2!10!w6nwn5iAPw");
    }

    @Test
    void tokensAreAsciiAndRoundTrip() {
        String key = "\u00ff\u00fe+/=\uD83D\uDE00 '\">>>???";
        String token = ContinuationToken.encode(key);
        assertThat(token).matches("[A-Za-z0-9!_-]*");
        assertThat(ContinuationToken.decode(token, "NextRowKey")).isEqualTo(key);
    }

    @Test
    void theServicesOwnTokensAreRead() {
        assertThat(ContinuationToken.decode("1!4!Yg--", "NextPartitionKey")).isEqualTo("b");
        // A token the service itself wrote (a recording of Query Tables), and one with a '+' sent unencoded.
        assertThat(ContinuationToken.decode("1!24!bGlzdEVudGl0aWVzVGVzdA--", "NextTableName")).isEqualTo("listEntitiesTest");
        assertThat(ContinuationToken.decode("1!4!Pj4-", "NextRowKey")).isEqualTo(">>");
        assertThat(ContinuationToken.decode("1!4!Pz8 ", "NextRowKey")).isEqualTo("??>");
    }

    @Test
    void plainBase64TokensAreAcceptedToo() {
        assertThat(ContinuationToken.decode("cGFydGl0aW9u", "NextPartitionKey")).isEqualTo("partition");
    }

    @Test
    void garbageIsInvalidInput() {
        assertThatThrownBy(() -> ContinuationToken.decode("1!5!abc", "NextRowKey"))
                .hasFieldOrPropertyWithValue("errorCode", CommonError.INVALID_INPUT);
        assertThatThrownBy(() -> ContinuationToken.decode("***", "NextRowKey"))
                .hasFieldOrPropertyWithValue("errorCode", CommonError.INVALID_INPUT);
    }
}
