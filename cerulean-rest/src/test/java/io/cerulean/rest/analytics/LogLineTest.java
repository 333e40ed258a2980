package io.cerulean.rest.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.requestlog.RequestFacts;
import io.cerulean.http.requestlog.RequestLogEntry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogLineTest {
    private static final Instant ANSWERED = Instant.parse("2026-11-29T12:01:02.345Z");

    private static RequestLogEntry entry(String authType, int status, String errorCode, Map<String, String> headers,
                                         Map<String, String> responseHeaders) {
        RequestFacts facts = new RequestFacts("acct", "GetBlob", true, authType, "127.0.0.1:10000", false, 200, 0,
                150, headers, responseHeaders);
        return new RequestLogEntry(ANSWERED.toEpochMilli(), "10.0.0.7", "GET", "/acct/c/a%3Bb",
                Map.of("timeout", List.of("30")), status, errorCode, 12_600_000, "req-1", 5, facts);
    }

    @Test
    void aLineHasTheThirtyFieldsOfVersionOneInTheReferencesOrder() {
        String line = LogLine.format(entry("authenticated", 200, null, Map.of("x-ms-version", "2025-01-05",
                "user-agent", "sdk/1 (Java)", "x-ms-client-request-id", "client-1", "if-match", "\"0x1\""),
                Map.of("etag", "\"0x8D\"", "last-modified", "Sun, 29 Nov 2026 12:00:00 GMT")), AnalyticsService.BLOB);
        List<String> fields = LogLine.fields(line);
        assertThat(fields).hasSize(LogLine.FIELD_COUNT);
        assertThat(fields.subList(0, 14)).containsExactly("1.0", "2026-11-29T12:01:02.3324000Z", "GetBlob", "Success",
                "200", "13", "13", "authenticated", "acct", "acct", "blob",
                "http://127.0.0.1:10000/acct/c/a%3Bb?timeout=30", "/acct/c/a;b", "req-1");
        assertThat(fields.subList(14, 22)).containsExactly("0", "10.0.0.7", "2025-01-05", "200", "200", "150", "155",
                "0");
        assertThat(fields.subList(22, 30)).containsExactly("", "", "0x8D", "Sunday, 29-Nov-26 12:00:00 GMT",
                "If-Match=\"0x1\"", "sdk/1 (Java)", "", "client-1");
    }

    @Test
    void fieldsThatMayHoldASemicolonAreQuotedAndTheirQuotesEncoded() {
        String line = LogLine.format(entry("sas", 200, null, Map.of("user-agent", "a;\"b\""), Map.of()),
                AnalyticsService.BLOB);
        assertThat(line).contains(";\"/acct/c/a;b\";").contains(";\"a;&quot;b&quot;\";");
        assertThat(LogLine.fields(line).get(27)).isEqualTo("a;\"b\"");
        assertThat(line).doesNotContain("\n");
    }

    @Test
    void aSasOrAnonymousRequestNamesNoRequesterAndItsStatusSaysWhich() {
        List<String> sas = LogLine.fields(LogLine.format(entry("sas", 200, null, Map.of(), Map.of()),
                AnalyticsService.BLOB));
        assertThat(sas.get(LogLine.REQUEST_STATUS)).isEqualTo("SASSuccess");
        assertThat(sas.get(LogLine.REQUESTER_ACCOUNT)).isEmpty();
        assertThat(sas.get(LogLine.OWNER_ACCOUNT)).isEqualTo("acct");
        List<String> anonymous = LogLine.fields(LogLine.format(entry("anonymous", 404, "BlobNotFound", Map.of(),
                Map.of()), AnalyticsService.BLOB));
        assertThat(anonymous.get(LogLine.REQUEST_STATUS)).isEqualTo("AnonymousClientOtherError");
    }

    @Test
    void aHostStyleRequestsObjectKeyStillNamesItsAccount() {
        assertThat(LogLine.objectKey("acct", "/c/blob")).isEqualTo("/acct/c/blob");
        assertThat(LogLine.objectKey("acct", "/acct/orders(PartitionKey='a',RowKey='b')"))
                .isEqualTo("/acct/orders(PartitionKey='a',RowKey='b')");
        assertThat(LogLine.objectKey("acct", "/acct")).isEqualTo("/acct");
    }
}
