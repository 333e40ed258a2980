package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SharedServers;
import io.cerulean.it.support.SignedHttp;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * A filter whose string literal holds control characters is answered like any other. It used to
 * get no answer at all: the query plan header echoed it, and a control character cannot go in a
 * header value as it is.
 */
class ControlCharacterQueriesTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    @ParameterizedTest
    @EachStore
    void aFilterWithControlCharactersFindsItsEntities(ServerFixture fixture) {
        SignedHttp http = SERVERS.http(fixture);
        String table = SERVERS.newTable(fixture, "Ctl").getTableName();
        http.insert(table, "{\"PartitionKey\":\"p\",\"RowKey\":\"1\",\"Name\":\"a\\u001cb\"}");
        http.insert(table, "{\"PartitionKey\":\"p\",\"RowKey\":\"2\",\"Name\":\"x\\u0000\\r\\ny\"}");
        http.insert(table, "{\"PartitionKey\":\"p\",\"RowKey\":\"3\",\"Name\":\"ab\"}");
        for (String[] literalAndRow : new String[][] {{"a\u001cb", "1"}, {"x\u0000\r\ny", "2"}}) {
            String filter = URLEncoder.encode("Name eq '" + literalAndRow[0] + "'", StandardCharsets.UTF_8);
            RawResponse found = http.get("/" + table + "()?$filter=" + filter, "Accept", SignedHttp.NO_METADATA);
            assertThat(found.status()).as("%s", found).isEqualTo(200);
            assertThat(found.values()).singleElement()
                    .satisfies(entity -> assertThat(entity.path("RowKey").asText()).isEqualTo(literalAndRow[1]));
            assertThat(found.plan()).as("escaped, not dropped").doesNotContain("\r", "\n", "\u001c").contains("%");
        }
    }
}
