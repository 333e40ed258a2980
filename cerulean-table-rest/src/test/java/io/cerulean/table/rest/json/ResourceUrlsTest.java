package io.cerulean.table.rest.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.rest.resource.PathParser;
import io.cerulean.table.rest.resource.Resource;
import org.junit.jupiter.api.Test;

/** Contract section 1.2: URLs the service emits for entities and tables. */
class ResourceUrlsTest {
    @Test
    void specExampleDoublesQuotesAndEncodesDoubleQuotes() {
        assertThat(ResourceUrls.entityPath("SpecialChars", "A'aaa_bbbb2\"", "\"A'aaa_bbbb2"))
                .isEqualTo("SpecialChars(PartitionKey='A''aaa_bbbb2%22',RowKey='%22A''aaa_bbbb2')");
    }

    @Test
    void spacesAndPercentSignsAreEncoded() {
        assertThat(ResourceUrls.encodeKey("a b")).isEqualTo("a%20b");
        assertThat(ResourceUrls.encodeKey("100%")).isEqualTo("100%25");
        assertThat(ResourceUrls.encodeKey("%27")).isEqualTo("%2527");
    }

    @Test
    void nonAsciiIsEncodedAsUppercaseUtf8Escapes() {
        assertThat(ResourceUrls.encodeKey("café")).isEqualTo("caf%C3%A9");
        assertThat(ResourceUrls.encodeKey("€")).isEqualTo("%E2%82%AC");
        assertThat(ResourceUrls.encodeKey("\uD83D\uDE00")).isEqualTo("%F0%9F%98%80");
        assertThat(ResourceUrls.encodeKey("日本")).isEqualTo("%E6%97%A5%E6%9C%AC");
    }

    @Test
    void quotesParenthesesCommasAndEqualsStayLiteral() {
        assertThat(ResourceUrls.encodeKey("(a),b=c")).isEqualTo("(a),b=c");
        assertThat(ResourceUrls.encodeKey("'")).isEqualTo("''");
        assertThat(ResourceUrls.encodeKey("O'Brien")).isEqualTo("O''Brien");
    }

    @Test
    void otherCharactersInvalidInAPathAreEncoded() {
        assertThat(ResourceUrls.encodeKey("<>{}|^[]`")).isEqualTo("%3C%3E%7B%7D%7C%5E%5B%5D%60");
        assertThat(ResourceUrls.encodeKey("\u007F")).isEqualTo("%7F");
        assertThat(ResourceUrls.encodeKey("plain-Key_1.2~+!$&*;:@")).isEqualTo("plain-Key_1.2~+!$&*;:@");
    }

    @Test
    void emptyKeysGiveEmptyLiterals() {
        assertThat(ResourceUrls.entityPath("t", "", "")).isEqualTo("t(PartitionKey='',RowKey='')");
    }

    @Test
    void tablePathQuotesTheName() {
        assertThat(ResourceUrls.tablePath("mytable")).isEqualTo("Tables('mytable')");
    }

    @Test
    void emittedEntityPathsParseBackToTheSameKeys() {
        String[][] keys = {{"A'aaa_bbbb2\"", "\"A'aaa_bbbb2"}, {"a b%c", "é(x),y=z+"}, {"", "''"}};
        for (String[] pair : keys) {
            Resource resource = PathParser.parse("/devstoreaccount1/" + ResourceUrls.entityPath("t", pair[0], pair[1]));
            assertThat(resource.partitionKey()).isEqualTo(pair[0]);
            assertThat(resource.rowKey()).isEqualTo(pair[1]);
        }
    }
}
