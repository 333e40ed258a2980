package io.cerulean.http.cors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Preflight Table Request and the headers of actual requests, including the documentation's table
 * of GET/HEAD responses (Vary, Access-Control-Allow-Origin, Access-Control-Expose-Headers).
 */
class CorsPolicyTest {
    private static final String CONTOSO = "http://www.contoso.com";
    private final Map<String, CorsRules> rulesByAccount = new LinkedHashMap<>();
    private final CorsPolicy policy = new CorsPolicy(account -> rulesByAccount.getOrDefault(account, CorsRules.none()));

    private void rules(CorsRule... rules) {
        rulesByAccount.put("acct", new CorsRules(List.of(rules)));
    }

    private static AzureRequest request(String method, String path, String... headers) {
        DefaultHttpHeaders http = new DefaultHttpHeaders();
        for (int i = 0; i < headers.length; i += 2) {
            http.add(headers[i], headers[i + 1]);
        }
        return new AzureRequest(method, path, Map.of(), http, new byte[0], false, "127.0.0.1");
    }

    private static Map<String, String> headers(AzureResponse response) {
        Map<String, String> headers = new LinkedHashMap<>();
        response.headers().forEach(h -> headers.merge(h.getKey(), h.getValue(), (a, b) -> a + "|" + b));
        return headers;
    }

    private static AzureResponse ok() {
        return AzureResponse.status(200).header("x-ms-request-id", "id").header("x-ms-version", "2019-02-02")
                .body("application/json", new byte[0]);
    }

    private ErrorCode refused(AzureRequest request) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> policy.preflight(request));
        assertThat(e).isNotNull();
        return e.errorCode();
    }

    @Test
    void aMatchingPreflightEchoesOriginMethodAndHeadersWithMaxAgeAndCredentials() {
        rules(CorsRule.parse(CONTOSO, "PUT,GET", "content-type,x-ms-*", "*", "3600"));
        AzureResponse response = policy.preflight(request("OPTIONS", "/acct/mytable", "Origin", CONTOSO,
                "Access-Control-Request-Method", "PUT", "Access-Control-Request-Headers", "content-type, x-ms-date"));
        assertThat(response.status()).isEqualTo(200);
        assertThat(headers(response)).containsExactly(
                Map.entry("Access-Control-Allow-Origin", CONTOSO),
                Map.entry("Access-Control-Allow-Methods", "PUT"),
                Map.entry("Access-Control-Allow-Headers", "content-type,x-ms-date"),
                Map.entry("Access-Control-Max-Age", "3600"),
                Map.entry("Access-Control-Allow-Credentials", "true"));
    }

    @Test
    void aPreflightMatchingAnAnyOriginRuleAnswersStarWithoutCredentials() {
        rules(CorsRule.parse("*", "DELETE", "", "", "60"));
        AzureResponse response = policy.preflight(request("OPTIONS", "/acct-secondary/", "Origin", CONTOSO,
                "Access-Control-Request-Method", "DELETE"));
        assertThat(headers(response)).containsExactly(
                Map.entry("Access-Control-Allow-Origin", "*"),
                Map.entry("Access-Control-Allow-Methods", "DELETE"),
                Map.entry("Access-Control-Max-Age", "60"));
    }

    @Test
    void aPreflightNoRuleAllowsIs403CorsPreflightFailure() {
        assertThat(refused(request("OPTIONS", "/acct/", "Origin", CONTOSO, "Access-Control-Request-Method", "GET")))
                .as("CORS disabled").isEqualTo(CommonError.CORS_PREFLIGHT_FAILURE);
        rules(CorsRule.parse(CONTOSO, "GET", "x-ms-version", "", "1"));
        assertThat(refused(request("OPTIONS", "/acct/t", "Origin", "http://other", "Access-Control-Request-Method",
                "GET"))).as("origin").isEqualTo(CommonError.CORS_PREFLIGHT_FAILURE);
        assertThat(refused(request("OPTIONS", "/acct/t", "Origin", CONTOSO, "Access-Control-Request-Method", "PUT")))
                .as("method").isEqualTo(CommonError.CORS_PREFLIGHT_FAILURE);
        assertThat(refused(request("OPTIONS", "/acct/t", "Origin", CONTOSO, "Access-Control-Request-Method", "GET",
                "Access-Control-Request-Headers", "x-ms-version,x-ms-date"))).as("a header")
                .isEqualTo(CommonError.CORS_PREFLIGHT_FAILURE);
        assertThat(refused(request("OPTIONS", "/other/t", "Origin", CONTOSO, "Access-Control-Request-Method", "GET")))
                .as("another account's rules").isEqualTo(CommonError.CORS_PREFLIGHT_FAILURE);
    }

    @Test
    void aPreflightWithoutOriginOrRequestMethodIs400() {
        rules(CorsRule.parse("*", "GET", "*", "*", "1"));
        assertThat(refused(request("OPTIONS", "/acct/", "Access-Control-Request-Method", "GET")))
                .isEqualTo(CommonError.INVALID_HEADER_VALUE);
        assertThat(refused(request("OPTIONS", "/acct/", "Origin", CONTOSO))).isEqualTo(CommonError.INVALID_HEADER_VALUE);
        assertThat(refused(request("OPTIONS", "*", "Origin", CONTOSO, "Access-Control-Request-Method", "GET")))
                .isEqualTo(CommonError.INVALID_URI);
    }

    @Test
    void anExactOriginMatchOnGetAddsOriginCredentialsVaryAndExposedHeaders() {
        rules(CorsRule.parse(CONTOSO, "GET", "", "x-ms-*", "1"));
        AzureResponse response = policy.decorate(request("GET", "/acct/Tables", "Origin", CONTOSO), ok());
        assertThat(headers(response)).containsAllEntriesOf(Map.of(
                "Access-Control-Allow-Origin", CONTOSO,
                "Access-Control-Allow-Credentials", "true",
                "Vary", "Origin",
                "Access-Control-Expose-Headers", "x-ms-request-id,x-ms-version"));
    }

    @Test
    void anAnyOriginMatchAnswersStarWithoutVaryOrCredentials() {
        rules(CorsRule.parse("*", "GET", "", "*", "1"));
        Map<String, String> headers = headers(policy.decorate(request("GET", "/acct/Tables", "Origin", CONTOSO), ok()));
        assertThat(headers).containsEntry("Access-Control-Allow-Origin", "*")
                .containsEntry("Access-Control-Expose-Headers", "x-ms-request-id,x-ms-version,Content-Type,Content-Length")
                .doesNotContainKeys("Vary", "Access-Control-Allow-Credentials");
    }

    @Test
    void otherMethodsGetNoVary() {
        rules(CorsRule.parse(CONTOSO, "POST", "", "", "1"));
        Map<String, String> matched = headers(policy.decorate(request("POST", "/acct/t", "Origin", CONTOSO), ok()));
        assertThat(matched).containsEntry("Access-Control-Allow-Origin", CONTOSO)
                .containsEntry("Access-Control-Allow-Credentials", "true")
                .doesNotContainKeys("Vary", "Access-Control-Expose-Headers");
        Map<String, String> unmatched = headers(policy.decorate(request("DELETE", "/acct/t", "Origin", CONTOSO), ok()));
        assertThat(unmatched).doesNotContainKeys("Vary", "Access-Control-Allow-Origin");
    }

    @Test
    void theDocumentedGetAndHeadTableHolds() {
        // Origin present | rules | any-origin match | exact match -> Vary | ACAO: * | Expose
        assertThat(decorateGet(null)).doesNotContainKeys("Vary", "Access-Control-Allow-Origin");
        assertThat(decorateGet(CONTOSO)).doesNotContainKeys("Vary", "Access-Control-Allow-Origin");

        rules(CorsRule.parse(CONTOSO, "GET", "", "x-ms-*", "1"));
        assertThat(decorateGet(null)).containsEntry("Vary", "Origin").doesNotContainKey("Access-Control-Allow-Origin");
        assertThat(decorateGet(CONTOSO)).containsEntry("Vary", "Origin")
                .containsEntry("Access-Control-Allow-Origin", CONTOSO).containsKey("Access-Control-Expose-Headers");
        assertThat(decorateGet("http://other")).containsEntry("Vary", "Origin")
                .doesNotContainKeys("Access-Control-Allow-Origin", "Access-Control-Expose-Headers");

        rules(CorsRule.parse("*", "GET,HEAD", "", "x-ms-*", "1"));
        assertThat(decorateGet(null)).doesNotContainKey("Vary").containsEntry("Access-Control-Allow-Origin", "*")
                .containsKey("Access-Control-Expose-Headers");
        assertThat(decorateGet(CONTOSO)).doesNotContainKey("Vary").containsEntry("Access-Control-Allow-Origin", "*")
                .containsKey("Access-Control-Expose-Headers");
    }

    @Test
    void requestsWithoutOriginOtherThanGetAndHeadAreLeftAlone() {
        rules(CorsRule.parse("*", "PUT", "", "*", "1"));
        assertThat(headers(policy.decorate(request("PUT", "/acct/t", new String[0]), ok())))
                .doesNotContainKeys("Vary", "Access-Control-Allow-Origin", "Access-Control-Expose-Headers");
    }

    @Test
    void theFirstRuleMatchingOriginAndMethodDecides() {
        rules(CorsRule.parse(CONTOSO, "PUT", "", "x-first", "1"), CorsRule.parse("*", "PUT,GET", "", "x-second", "1"));
        assertThat(headers(policy.decorate(request("PUT", "/acct/t", "Origin", CONTOSO), ok())))
                .containsEntry("Access-Control-Expose-Headers", "x-first");
        assertThat(headers(policy.decorate(request("GET", "/acct/t", "Origin", CONTOSO), ok())))
                .containsEntry("Access-Control-Expose-Headers", "x-second").containsEntry("Access-Control-Allow-Origin", "*");
    }

    @Test
    void unreadableRulesLeaveTheResponseAsItIs() {
        CorsPolicy broken = new CorsPolicy(account -> {
            throw new IllegalStateException("store down");
        });
        AzureResponse response = broken.decorate(request("GET", "/acct/t", "Origin", CONTOSO), ok());
        assertThat(headers(response)).doesNotContainKeys("Vary", "Access-Control-Allow-Origin");
    }

    @Test
    void theAccountIsTheFirstPathSegmentWithoutTheSecondarySuffix() {
        assertThat(CorsPolicy.accountOf("/acct/Tables('x')")).contains("acct");
        assertThat(CorsPolicy.accountOf("/acct-secondary/")).contains("acct");
        assertThat(CorsPolicy.accountOf("/acct")).contains("acct");
        assertThat(CorsPolicy.accountOf("/")).isEmpty();
        assertThat(CorsPolicy.accountOf("*")).isEmpty();
    }

    private Map<String, String> decorateGet(String origin) {
        AzureRequest request = origin == null ? request("GET", "/acct/Tables") : request("GET", "/acct/Tables", "Origin", origin);
        return headers(policy.decorate(request, ok()));
    }
}
