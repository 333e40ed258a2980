package io.cerulean.http.properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.cors.CorsRule;
import io.cerulean.http.cors.CorsRules;
import io.cerulean.http.xml.XmlDocuments;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Contract 3.7: the StorageServiceProperties document, as the service writes it and as it reads a Set's body. */
class ServicePropertiesXmlTest {
    private static final String DECLARATION = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";
    private static final String LOGGING = "<Logging><Version>1.0</Version><Read>true</Read><Write>false</Write>"
            + "<Delete>true</Delete><RetentionPolicy><Enabled>true</Enabled><Days>3</Days></RetentionPolicy></Logging>";
    private static final String RULE = "<CorsRule><AllowedOrigins>http://a.example</AllowedOrigins>"
            + "<AllowedMethods>GET</AllowedMethods><AllowedHeaders></AllowedHeaders><ExposedHeaders></ExposedHeaders>"
            + "<MaxAgeInSeconds>5</MaxAgeInSeconds></CorsRule>";

    private static ServicePropertiesUpdate read(String xml) {
        return ServicePropertiesXml.readUpdate(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static String write(ServiceProperties properties) {
        return new String(ServicePropertiesXml.write(properties), StandardCharsets.UTF_8);
    }

    private static ErrorCode refusal(String xml) {
        ServiceException e = catchThrowableOfType(ServiceException.class, () -> read(xml));
        assertThat(e).as("should be refused: %s", xml).isNotNull();
        assertThat(e.errorCode().status()).isEqualTo(400);
        return e.errorCode();
    }

    private static String document(String... sections) {
        return DECLARATION + "<StorageServiceProperties>" + String.join("", sections) + "</StorageServiceProperties>";
    }

    @Test
    void defaultsAreWrittenExactlyAsAFreshAccountAnswers() {
        assertThat(write(ServiceProperties.defaults())).isEqualTo(DECLARATION + "<StorageServiceProperties>"
                + "<Logging><Version>1.0</Version><Read>false</Read><Write>false</Write><Delete>false</Delete>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></Logging>"
                + "<HourMetrics><Version>1.0</Version><Enabled>true</Enabled><IncludeAPIs>true</IncludeAPIs>"
                + "<RetentionPolicy><Enabled>true</Enabled><Days>7</Days></RetentionPolicy></HourMetrics>"
                + "<MinuteMetrics><Version>1.0</Version><Enabled>false</Enabled>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></MinuteMetrics>"
                + "<Cors />"
                + "</StorageServiceProperties>");
    }

    @Test
    void corsRulesAreWrittenInTheServicesElementOrder() {
        ServiceProperties properties = new ServiceProperties(ServiceProperties.defaults().logging(),
                ServiceProperties.defaults().hourMetrics(), ServiceProperties.defaults().minuteMetrics(),
                new CorsRules(List.of(CorsRule.parse("*", "GET,PUT", "*", "x-ms-meta-*, x-ms-request-id", "86400"))));
        assertThat(write(properties)).contains("<Cors><CorsRule><AllowedMethods>GET,PUT</AllowedMethods>"
                + "<AllowedOrigins>*</AllowedOrigins><AllowedHeaders>*</AllowedHeaders>"
                + "<ExposedHeaders>x-ms-meta-*,x-ms-request-id</ExposedHeaders>"
                + "<MaxAgeInSeconds>86400</MaxAgeInSeconds></CorsRule></Cors>");
    }

    @Test
    void everySettingSurvivesARoundTrip() {
        ServiceProperties properties = new ServiceProperties(
                new LoggingSettings("1.0", true, false, true, RetentionPolicy.forDays(365)),
                new MetricsSettings("1.0", true, false, RetentionPolicy.forDays(1)),
                new MetricsSettings("1.0", true, true, RetentionPolicy.disabled()),
                new CorsRules(List.of(
                        CorsRule.parse("http://a.example,http://b.example", "GET,HEAD,MERGE", "x-ms-meta-*", "", "0"),
                        CorsRule.parse("*", "PUT", "", "*", "3600"))));
        byte[] xml = ServicePropertiesXml.write(properties);
        assertThat(ServicePropertiesXml.readStored(xml)).isEqualTo(properties);
        assertThat(read(new String(xml, StandardCharsets.UTF_8)).applyTo(ServiceProperties.defaults()))
                .isEqualTo(properties);
    }

    @Test
    void elementsAreAcceptedInAnyOrderWithWhitespaceAndANamespace() {
        String xml = "<StorageServiceProperties xmlns=\"urn:whatever\">\n"
                + "  <Cors>\n    <CorsRule>\n      <MaxAgeInSeconds> 60 </MaxAgeInSeconds>\n"
                + "      <ExposedHeaders>x-ms-*</ExposedHeaders>\n      <AllowedHeaders> a , b* </AllowedHeaders>\n"
                + "      <AllowedMethods>put, get</AllowedMethods>\n"
                + "      <AllowedOrigins>http://www.contoso.com, http://www.fabrikam.com</AllowedOrigins>\n"
                + "    </CorsRule>\n  </Cors>\n"
                + "  <HourMetrics><RetentionPolicy><Days>2</Days><Enabled>true</Enabled></RetentionPolicy>"
                + "<IncludeAPIs>false</IncludeAPIs><Enabled>1</Enabled><Version>1.0</Version></HourMetrics>\n"
                + "  <Logging><Delete>true</Delete><RetentionPolicy><Enabled>false</Enabled></RetentionPolicy>"
                + "<Write>true</Write><Version> 1.0 </Version><Read>false</Read></Logging>\n"
                + "  <DefaultServiceVersion>2019-02-02</DefaultServiceVersion>\n"
                + "</StorageServiceProperties>";
        ServicePropertiesUpdate update = read(xml);
        assertThat(update.logging()).contains(new LoggingSettings("1.0", false, true, true, RetentionPolicy.disabled()));
        assertThat(update.hourMetrics()).contains(new MetricsSettings("1.0", true, false, RetentionPolicy.forDays(2)));
        assertThat(update.minuteMetrics()).isEmpty();
        CorsRule rule = update.cors().orElseThrow().rules().get(0);
        assertThat(rule.allowedOrigins()).containsExactly("http://www.contoso.com", "http://www.fabrikam.com");
        assertThat(rule.allowedMethods()).containsExactly("PUT", "GET");
        assertThat(rule.allowedHeaders().names()).containsExactly("a", "b*");
        assertThat(rule.maxAgeInSeconds()).isEqualTo(60);
    }

    @Test
    void omittedSectionsKeepTheirValueAndAnEmptyCorsDeletesTheRules() {
        ServiceProperties withRules = read(document(LOGGING, "<Cors>" + RULE + "</Cors>"))
                .applyTo(ServiceProperties.defaults());
        assertThat(withRules.cors().rules()).hasSize(1);

        ServiceProperties onlyMinute = read(document("<MinuteMetrics><Version>1.0</Version><Enabled>true</Enabled>"
                + "<IncludeAPIs>true</IncludeAPIs><RetentionPolicy><Enabled>false</Enabled></RetentionPolicy>"
                + "</MinuteMetrics>")).applyTo(withRules);
        assertThat(onlyMinute.logging()).isEqualTo(withRules.logging());
        assertThat(onlyMinute.cors()).isEqualTo(withRules.cors());
        assertThat(onlyMinute.minuteMetrics().enabled()).isTrue();

        ServiceProperties cleared = read(document("<Cors />")).applyTo(onlyMinute);
        assertThat(cleared.cors().isEmpty()).isTrue();
        assertThat(cleared.minuteMetrics()).isEqualTo(onlyMinute.minuteMetrics());

        assertThat(read(document()).applyTo(cleared)).isEqualTo(cleared);
    }

    @Test
    void includeApisAndDaysAreDroppedWhileDisabled() {
        ServicePropertiesUpdate update = read(document("<MinuteMetrics><Version>1.0</Version><Enabled>false</Enabled>"
                + "<IncludeAPIs>true</IncludeAPIs><RetentionPolicy><Enabled>false</Enabled><Days>9</Days>"
                + "</RetentionPolicy></MinuteMetrics>"));
        assertThat(update.minuteMetrics()).contains(MetricsSettings.disabled());
        assertThat(write(update.applyTo(ServiceProperties.defaults())))
                .contains("<MinuteMetrics><Version>1.0</Version><Enabled>false</Enabled>"
                        + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></MinuteMetrics>");
    }

    @Test
    void textIsEscapedWhenWritten() {
        ServiceProperties properties = new ServiceProperties(ServiceProperties.defaults().logging(),
                ServiceProperties.defaults().hourMetrics(), ServiceProperties.defaults().minuteMetrics(),
                new CorsRules(List.of(CorsRule.parse("http://a.example/?x=1&y=<2>", "GET", "", "", "1"))));
        String xml = write(properties);
        assertThat(xml).contains("<AllowedOrigins>http://a.example/?x=1&amp;y=&lt;2&gt;</AllowedOrigins>");
        assertThat(ServicePropertiesXml.readStored(xml.getBytes(StandardCharsets.UTF_8))).isEqualTo(properties);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "not xml at all",
        "<StorageServiceProperties><Logging></StorageServiceProperties>",
        "<StorageServiceProperties>",
        "<StorageServiceProperties/><Extra/>",
        "<SignedIdentifiers />",
    })
    void malformedDocumentsAreInvalidXmlDocument(String xml) {
        assertThat(refusal(xml)).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // a section lacking a required element
        "<Logging><Version>1.0</Version><Read>true</Read><Write>true</Write>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></Logging>",
        "<Logging><Read>true</Read><Write>true</Write><Delete>true</Delete>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></Logging>",
        "<Logging><Version>1.0</Version><Read>true</Read><Write>true</Write><Delete>true</Delete></Logging>",
        "<HourMetrics><Version>1.0</Version><Enabled>true</Enabled>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></HourMetrics>",
        "<HourMetrics><Version>1.0</Version><Enabled>false</Enabled><RetentionPolicy><Enabled>true</Enabled>"
                + "</RetentionPolicy></HourMetrics>",
        "<HourMetrics><Version>1.0</Version><RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></HourMetrics>",
        "<Cors><CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET</AllowedMethods>"
                + "<MaxAgeInSeconds>5</MaxAgeInSeconds></CorsRule></Cors>",
        // a section or element given twice
        LOGGING + LOGGING,
        "<Cors /><Cors />",
        "<MinuteMetrics><Version>1.0</Version><Version>1.0</Version><Enabled>false</Enabled>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></MinuteMetrics>",
        // six rules
        "<Cors>" + RULE + RULE + RULE + RULE + RULE + RULE + "</Cors>",
    })
    void incompleteOrRepeatedSectionsAreInvalidXmlDocument(String sections) {
        assertThat(refusal(document(sections))).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // analytics versions, booleans, retention days
        "<Logging><Version>2.0</Version><Read>true</Read><Write>true</Write><Delete>true</Delete>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></Logging>",
        "<Logging><Version>1.0</Version><Read>yes</Read><Write>true</Write><Delete>true</Delete>"
                + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></Logging>",
        "<HourMetrics><Version>1.0</Version><Enabled>true</Enabled><IncludeAPIs>true</IncludeAPIs>"
                + "<RetentionPolicy><Enabled>true</Enabled><Days>0</Days></RetentionPolicy></HourMetrics>",
        "<HourMetrics><Version>1.0</Version><Enabled>true</Enabled><IncludeAPIs>true</IncludeAPIs>"
                + "<RetentionPolicy><Enabled>true</Enabled><Days>366</Days></RetentionPolicy></HourMetrics>",
        "<HourMetrics><Version>1.0</Version><Enabled>true</Enabled><IncludeAPIs>true</IncludeAPIs>"
                + "<RetentionPolicy><Enabled>true</Enabled><Days>seven</Days></RetentionPolicy></HourMetrics>",
        "<HourMetrics><Version>1.0</Version><Enabled>false</Enabled>"
                + "<RetentionPolicy><Enabled>false</Enabled><Days>x</Days></RetentionPolicy></HourMetrics>",
        // CORS rule values
        "<Cors><CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET,TRACE</AllowedMethods>"
                + "<AllowedHeaders /><ExposedHeaders /><MaxAgeInSeconds>5</MaxAgeInSeconds></CorsRule></Cors>",
        "<Cors><CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods> </AllowedMethods>"
                + "<AllowedHeaders /><ExposedHeaders /><MaxAgeInSeconds>5</MaxAgeInSeconds></CorsRule></Cors>",
        "<Cors><CorsRule><AllowedOrigins></AllowedOrigins><AllowedMethods>GET</AllowedMethods>"
                + "<AllowedHeaders /><ExposedHeaders /><MaxAgeInSeconds>5</MaxAgeInSeconds></CorsRule></Cors>",
        "<Cors><CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET</AllowedMethods>"
                + "<AllowedHeaders /><ExposedHeaders /><MaxAgeInSeconds>-1</MaxAgeInSeconds></CorsRule></Cors>",
        "<Cors><CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET</AllowedMethods>"
                + "<AllowedHeaders /><ExposedHeaders /><MaxAgeInSeconds>soon</MaxAgeInSeconds></CorsRule></Cors>",
        "<Cors><CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET</AllowedMethods>"
                + "<AllowedHeaders>a*,b*,c*</AllowedHeaders><ExposedHeaders /><MaxAgeInSeconds>5</MaxAgeInSeconds>"
                + "</CorsRule></Cors>",
    })
    void refusedValuesAreInvalidXmlNodeValue(String sections) {
        assertThat(refusal(document(sections))).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
    }

    @Test
    void corsLimitsOnLengthsAndCountsAreInvalidXmlNodeValue() {
        String longName = "x".repeat(257);
        String manyOrigins = String.join(",", IntStream.range(0, 65)
                .mapToObj(i -> "http://o" + i).toList());
        String manyHeaders = String.join(",", IntStream.range(0, 65)
                .mapToObj(i -> "h" + i).toList());
        for (String[] values : List.of(
                new String[] {longName, ""}, new String[] {manyOrigins, ""},
                new String[] {"*", longName}, new String[] {"*", manyHeaders})) {
            String rule = "<CorsRule><AllowedOrigins>" + values[0] + "</AllowedOrigins><AllowedMethods>GET"
                    + "</AllowedMethods><AllowedHeaders>" + values[1] + "</AllowedHeaders><ExposedHeaders />"
                    + "<MaxAgeInSeconds>5</MaxAgeInSeconds></CorsRule>";
            assertThat(refusal(document("<Cors>" + rule + "</Cors>"))).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
        }
        // Within every per-item limit, but more than 2 KiB of settings across the rules.
        String big = String.join(",", IntStream.range(0, 60)
                .mapToObj(i -> "x-ms-meta-header-" + i).toList());
        String rule = "<CorsRule><AllowedOrigins>*</AllowedOrigins><AllowedMethods>GET</AllowedMethods><AllowedHeaders>"
                + big + "</AllowedHeaders><ExposedHeaders>" + big + "</ExposedHeaders><MaxAgeInSeconds>5"
                + "</MaxAgeInSeconds></CorsRule>";
        assertThat(refusal(document("<Cors>" + rule + "</Cors>"))).isEqualTo(CommonError.INVALID_XML_NODE_VALUE);
    }

    @Test
    void theLimitsThemselvesAreAccepted() {
        String origins = String.join(",", IntStream.range(0, 64)
                .mapToObj(i -> "http://" + i).toList());
        String rule = "<CorsRule><AllowedOrigins>" + origins + "</AllowedOrigins><AllowedMethods>"
                + "DELETE,GET,HEAD,MERGE,POST,OPTIONS,PUT,PATCH</AllowedMethods><AllowedHeaders>a*,b*,"
                + "h".repeat(256) + "</AllowedHeaders><ExposedHeaders>*</ExposedHeaders>"
                + "<MaxAgeInSeconds>0</MaxAgeInSeconds></CorsRule>";
        assertThat(read(document("<Cors>" + rule + RULE + RULE + RULE + RULE + "</Cors>")).cors())
                .hasValueSatisfying(rules -> assertThat(rules.rules()).hasSize(5));
        assertThat(read(document("<HourMetrics><Version>1.0</Version><Enabled>true</Enabled><IncludeAPIs>true"
                + "</IncludeAPIs><RetentionPolicy><Enabled>true</Enabled><Days>365</Days></RetentionPolicy>"
                + "</HourMetrics>")).hourMetrics().orElseThrow().retentionPolicy().days()).isEqualTo(365);
    }

    @Test
    void externalEntitiesAreNeverResolved(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "1.0");
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE StorageServiceProperties [<!ENTITY v SYSTEM \""
                + secret.toUri() + "\">]><StorageServiceProperties><Logging><Version>&v;</Version><Read>true</Read>"
                + "<Write>true</Write><Delete>true</Delete><RetentionPolicy><Enabled>false</Enabled></RetentionPolicy>"
                + "</Logging></StorageServiceProperties>";
        assertThat(refusal(xxe)).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        String billionLaughs = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\">"
                + "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><StorageServiceProperties>&b;</StorageServiceProperties>";
        assertThat(refusal(billionLaughs)).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
        assertThat(refusal("<StorageServiceProperties>&undeclared;</StorageServiceProperties>"))
                .isEqualTo(CommonError.INVALID_XML_DOCUMENT);
    }

    @Test
    void deepNestingIsRefused() {
        int inside = XmlDocuments.MAX_DEPTH - 1;
        String deepest = document("<a>".repeat(inside) + "</a>".repeat(inside));
        assertThat(read(deepest).cors()).as("unknown elements are ignored, however deep").isEmpty();
        String tooDeep = document("<a>".repeat(inside + 1) + "</a>".repeat(inside + 1));
        assertThat(refusal(tooDeep)).isEqualTo(CommonError.INVALID_XML_DOCUMENT);
    }

    @Test
    void aByteOrderMarkAndTheUnusedSectionsOfOtherServicesAreTolerated() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] body = (DECLARATION + "<StorageServiceProperties><StaticWebsite><Enabled>false</Enabled></StaticWebsite>"
                + "<Cors /></StorageServiceProperties>").getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, withBom, 0, bom.length);
        System.arraycopy(body, 0, withBom, bom.length, body.length);
        assertThat(ServicePropertiesXml.readUpdate(withBom).cors()).contains(CorsRules.none());
        assertThat(ServicePropertiesXml.readUpdate(withBom).logging()).isEqualTo(Optional.empty());
    }

    @Test
    void theBlobServicesDeleteRetentionPolicyIsReadOnlyWhenAskedForAndKept() {
        byte[] body = ("<StorageServiceProperties><DeleteRetentionPolicy><Enabled>true</Enabled><Days>9</Days>"
                + "</DeleteRetentionPolicy></StorageServiceProperties>").getBytes(StandardCharsets.UTF_8);

        assertThat(ServicePropertiesXml.readUpdate(body).deleteRetention()).isEmpty();
        ServiceProperties set = ServicePropertiesXml.readUpdate(body, true).applyTo(ServiceProperties.defaults());
        assertThat(set.deleteRetention()).contains(RetentionPolicy.forDays(9));
        assertThat(ServicePropertiesXml.readStored(ServicePropertiesXml.write(set))).isEqualTo(set);
        assertThat(ServicePropertiesXml.write(ServiceProperties.defaults())).asString(StandardCharsets.UTF_8)
                .doesNotContain("DeleteRetentionPolicy");
        byte[] tooLong = ("<StorageServiceProperties><DeleteRetentionPolicy><Enabled>true</Enabled><Days>366</Days>"
                + "</DeleteRetentionPolicy></StorageServiceProperties>").getBytes(StandardCharsets.UTF_8);
        ServiceException refused = catchThrowableOfType(() -> ServicePropertiesXml.readUpdate(tooLong, true),
                ServiceException.class);
        assertThat(refused.errorCode().code()).isEqualTo("InvalidXmlNodeValue");
    }
}
