package io.cerulean.http.requestlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestLogFormatTest {
    private static final long TIME = Instant.parse("2026-11-25T20:32:10.123Z").toEpochMilli();
    private static final String ID = "1c0b2a3e-0000-4000-8000-00000000abcd";

    private static RequestLogEntry entry(String path, Map<String, List<String>> query, int status, String code) {
        return new RequestLogEntry(TIME, "127.0.0.1", "GET", path, query, status, code, 1_234_567, ID, 152);
    }

    private static Map<String, List<String>> sasQuery() {
        Map<String, List<String>> query = new LinkedHashMap<>();
        query.put("sv", List.of("2019-02-02"));
        query.put("tn", List.of("orders"));
        query.put("sig", List.of("AbCdEf0123456789/+=="));
        return query;
    }

    @Test
    void commonLogFormatIsExtendedWithTheRequestIdTheErrorCodeAndTheDuration() {
        String line = RequestLogFormat.CLF.format(entry("/devstoreaccount1/Tables", Map.of(), 200, null));

        assertThat(line).isEqualTo("127.0.0.1 - - [25/Nov/2026:20:32:10 +0000] \"GET /devstoreaccount1/Tables "
                + "HTTP/1.1\" 200 152 " + ID + " - 1.234");
    }

    @Test
    void anErrorShowsItsCode() {
        String line = RequestLogFormat.CLF.format(entry("/devstoreaccount1/missing()", Map.of(), 404,
                "TableNotFound"));

        assertThat(line).endsWith("\" 404 152 " + ID + " TableNotFound 1.234");
    }

    @Test
    void aSasSignatureIsNeverWrittenInEitherFormat() {
        for (RequestLogFormat format : RequestLogFormat.values()) {
            String line = format.format(entry("/devstoreaccount1/orders()", sasQuery(), 200, null));

            assertThat(line).as(format.name()).doesNotContain("AbCdEf0123456789")
                    .contains("sig=REDACTED").contains("tn=orders").contains("sv=2019-02-02");
        }
    }

    @Test
    void jsonLinesHaveEveryFieldAndNoErrorCodeOnSuccess() {
        String line = RequestLogFormat.JSON.format(entry("/devstoreaccount1/Tables", Map.of(), 201, null));

        assertThat(line).isEqualTo("{\"time\":\"2026-11-25T20:32:10.123Z\",\"client\":\"127.0.0.1\",\"method\":\"GET\","
                + "\"path\":\"/devstoreaccount1/Tables\",\"status\":201,\"durationMs\":1.234,\"requestId\":\"" + ID
                + "\",\"bytes\":152}");
    }

    @Test
    void whatAClientSentCannotBreakALine() {
        String path = "/devstoreaccount1/a\"b\\c\nforged 200";

        assertThat(RequestLogFormat.CLF.format(entry(path, Map.of(), 400, "InvalidUri")))
                .doesNotContain("\n").contains("a\\x22b\\x5cc\\x0aforged");
        assertThat(RequestLogFormat.JSON.format(entry(path, Map.of(), 400, "InvalidUri")))
                .doesNotContain("\n").contains("a\\\"b\\\\c\\u000aforged");
    }

    @Test
    void aRequestThatCouldNotBeReadIsLoggedWithDashes() {
        RequestLogEntry unreadable = new RequestLogEntry(TIME, null, null, null, null, 413, "RequestBodyTooLarge", 0,
                ID, 200);

        assertThat(RequestLogFormat.CLF.format(unreadable))
                .startsWith("- - - [").contains("\"- - HTTP/1.1\" 413 200 " + ID + " RequestBodyTooLarge 0.000");
    }

    @Test
    void formatsAreNamedAsOnTheCommandLine() {
        assertThat(RequestLogFormat.parse("clf")).isEqualTo(RequestLogFormat.CLF);
        assertThat(RequestLogFormat.parse("JSON")).isEqualTo(RequestLogFormat.JSON);
        assertThatThrownBy(() -> RequestLogFormat.parse("xml")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("clf or json");
    }
}
