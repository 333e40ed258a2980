package io.cerulean.http.cors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rule matching as "CORS support for the Azure Storage services" describes it. */
class CorsRulesTest {
    /** The three rules of the documentation's evaluation example, in its order. */
    private static final CorsRules DOCUMENTED = new CorsRules(List.of(
            CorsRule.parse("http://www.contoso.com", "PUT,HEAD", "x-ms-blob-content-type, x-ms-blob-content-disposition",
                    "x-ms-*", "5"),
            CorsRule.parse("*", "PUT,GET", "x-ms-blob-content-type, x-ms-blob-content-disposition", "x-ms-*", "5"),
            CorsRule.parse("http://www.contoso.com", "GET", "x-ms-client-request-id", "x-ms-*", "5")));

    private static boolean preflightAllowed(CorsRules rules, String origin, String method, String... headers) {
        return rules.firstMatch(origin, method).filter(r -> r.allowedHeaders().allowsAll(List.of(headers))).isPresent();
    }

    @Test
    void theDocumentedExampleEvaluatesAsDocumented() {
        assertThat(DOCUMENTED.firstMatch("http://www.contoso.com", "PUT")).contains(DOCUMENTED.rules().get(0));
        assertThat(preflightAllowed(DOCUMENTED, "http://www.contoso.com", "PUT", "x-ms-blob-content-type")).isTrue();
        assertThat(DOCUMENTED.firstMatch("http://www.contoso.com", "GET")).contains(DOCUMENTED.rules().get(1));
        assertThat(preflightAllowed(DOCUMENTED, "http://www.contoso.com", "GET", "x-ms-blob-content-type")).isTrue();
        // The second rule is chosen by origin and method; its headers refuse, and the third rule is not consulted.
        assertThat(preflightAllowed(DOCUMENTED, "http://www.contoso.com", "GET", "x-ms-client-request-id")).isFalse();
    }

    @Test
    void originsMatchExactlyAndCaseSensitivelyUnlessTheRuleAllowsAny() {
        CorsRules rules = new CorsRules(List.of(CorsRule.parse("http://a.example, http://b.example", "GET", "", "", "0")));
        assertThat(rules.firstMatch("http://b.example", "GET")).isPresent();
        assertThat(rules.firstMatch("http://B.example", "GET")).isEmpty();
        assertThat(rules.firstMatch("http://c.example", "GET")).isEmpty();
        assertThat(rules.firstMatch("http://a.example/", "GET")).isEmpty();
        assertThat(rules.firstMatch(null, "GET")).as("no Origin header").isEmpty();
        CorsRule any = CorsRule.parse("http://a.example,*", "GET", "", "", "0");
        assertThat(any.allowsAnyOrigin()).isTrue();
        assertThat(any.matches("http://z.example", "GET")).isTrue();
        assertThat(any.matches(null, "GET")).isTrue();
    }

    @Test
    void methodsAreStoredInUpperCaseAndMatchedWithoutRegardToCase() {
        CorsRule rule = CorsRule.parse("*", "get, Merge", "", "", "0");
        assertThat(rule.allowedMethods()).containsExactly("GET", "MERGE");
        assertThat(rule.matches("http://x", "GET")).isTrue();
        assertThat(rule.matches("http://x", "merge")).isTrue();
        assertThat(rule.matches("http://x", "PUT")).isFalse();
    }

    @Test
    void allowedHeadersAreLiteralsOrPrefixesWithoutRegardToCase() {
        HeaderNames names = HeaderNames.parse("x-ms-meta-data*, x-ms-meta-target*, X-MS-Meta-ABC");
        assertThat(names.allows("x-ms-meta-data")).isTrue();
        assertThat(names.allows("X-Ms-Meta-Data-Extra")).isTrue();
        assertThat(names.allows("x-ms-meta-abc")).isTrue();
        assertThat(names.allows("x-ms-meta-abcd")).isFalse();
        assertThat(names.allows("x-ms-meta-other")).isFalse();
        assertThat(names.allowsAll(List.of())).isTrue();
        assertThat(HeaderNames.parse("*").allows("anything-at-all")).isTrue();
        assertThat(HeaderNames.parse("").allowsAll(List.of("content-type"))).isFalse();
        assertThat(HeaderNames.parse(" , a ,").names()).containsExactly("a");
    }

    @Test
    void exposedHeadersNameTheResponsesHeadersAThenTheLiteralsItLacks() {
        List<String> response = List.of("Content-Type", "x-ms-request-id", "x-ms-version", "Date", "x-ms-meta-a",
                "X-MS-REQUEST-ID");
        assertThat(HeaderNames.parse("*").exposedOf(response))
                .containsExactly("Content-Type", "x-ms-request-id", "x-ms-version", "Date", "x-ms-meta-a");
        assertThat(HeaderNames.parse("x-ms-meta-*, x-ms-version, x-custom").exposedOf(response))
                .containsExactly("x-ms-version", "x-ms-meta-a", "x-custom");
        assertThat(HeaderNames.parse("").exposedOf(response)).isEmpty();
    }

    @Test
    void limitsAreEnforcedWhenARuleIsBuilt() {
        assertThat(invalid(() -> CorsRule.parse("*", "GET", "a*,b*,c*", "", "0")))
                .isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        assertThat(invalid(() -> CorsRule.parse("*", "CONNECT", "", "", "0"))).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        assertThat(invalid(() -> CorsRule.parse("*", "GET", "", "", "-5"))).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        assertThat(invalid(() -> CorsRule.parse(" , ", "GET", "", "", "0"))).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        CorsRule rule = CorsRule.parse("*", "GET", "", "", "0");
        assertThat(invalid(() -> new CorsRules(List.of(rule, rule, rule, rule, rule, rule))))
                .isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(new CorsRules(List.of(rule, rule, rule, rule, rule)).rules()).hasSize(5);
    }

    private static ErrorCode invalid(Runnable build) {
        ServiceException e = catchThrowableOfType(ServiceException.class, build::run);
        assertThat(e).isNotNull();
        return e.errorCode();
    }
}
