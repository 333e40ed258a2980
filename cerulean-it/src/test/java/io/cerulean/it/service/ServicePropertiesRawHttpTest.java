package io.cerulean.it.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.RawResponse;
import io.cerulean.it.support.SignedHttp;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;

/** Contract 3.7, 3.8 and 7.2 on the wire: exact documents, statuses, XML errors, and refusals that change nothing. */
class ServicePropertiesRawHttpTest {
    private static final String PROPERTIES = "/?restype=service&comp=properties";
    private static final String DEFAULTS = "<?xml version=\"1.0\" encoding=\"utf-8\"?><StorageServiceProperties>"
            + "<Logging><Version>1.0</Version><Read>false</Read><Write>false</Write><Delete>false</Delete>"
            + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></Logging>"
            + "<HourMetrics><Version>1.0</Version><Enabled>true</Enabled><IncludeAPIs>true</IncludeAPIs>"
            + "<RetentionPolicy><Enabled>true</Enabled><Days>7</Days></RetentionPolicy></HourMetrics>"
            + "<MinuteMetrics><Version>1.0</Version><Enabled>false</Enabled>"
            + "<RetentionPolicy><Enabled>false</Enabled></RetentionPolicy></MinuteMetrics>"
            + "<Cors /></StorageServiceProperties>";
    private static final String CORS_ONLY = "<?xml version=\"1.0\" encoding=\"utf-8\"?><StorageServiceProperties>"
            + "<Cors><CorsRule><AllowedOrigins>http://app.example</AllowedOrigins><AllowedMethods>GET,PUT</AllowedMethods>"
            + "<AllowedHeaders>x-ms-*</AllowedHeaders><ExposedHeaders>x-ms-request-id</ExposedHeaders>"
            + "<MaxAgeInSeconds>30</MaxAgeInSeconds></CorsRule></Cors></StorageServiceProperties>";
    private static final Pattern CODE = Pattern.compile("<Error><Code>([^<]+)</Code><Message>[^<]+</Message></Error>");

    static String xmlErrorCode(RawResponse response) {
        assertThat(response.header("Content-Type")).as("%s", response).isEqualTo("application/xml");
        assertThat(response.body()).startsWith("<?xml version=\"1.0\" encoding=\"utf-8\"?><Error>");
        Matcher m = CODE.matcher(response.body());
        assertThat(m.find()).as("an <Error> body: %s", response).isTrue();
        assertThat(response.header("x-ms-error-code")).isEqualTo(m.group(1));
        return m.group(1);
    }

    private static RawResponse put(SignedHttp http, String body) {
        return http.send("PUT", PROPERTIES, body, "Content-Type", "application/xml", "Accept", "application/xml");
    }

    @ParameterizedTest
    @EachStore
    void getAnswersTheDefaultsDocumentAndPutAnswers202WithNoBody(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            RawResponse defaults = http.get(PROPERTIES, "Accept", "application/xml");
            assertThat(defaults.status()).as("%s", defaults).isEqualTo(200);
            assertThat(defaults.header("Content-Type")).isEqualTo("application/xml");
            assertThat(defaults.header("x-ms-request-id")).isNotBlank();
            assertThat(defaults.body()).isEqualTo(DEFAULTS);

            RawResponse set = put(http, CORS_ONLY);
            assertThat(set.status()).as("%s", set).isEqualTo(202);
            assertThat(set.body()).isEmpty();
            assertThat(http.get(PROPERTIES).body()).isEqualTo(DEFAULTS.replace("<Cors />", "<Cors><CorsRule>"
                    + "<AllowedMethods>GET,PUT</AllowedMethods><AllowedOrigins>http://app.example</AllowedOrigins>"
                    + "<AllowedHeaders>x-ms-*</AllowedHeaders><ExposedHeaders>x-ms-request-id</ExposedHeaders>"
                    + "<MaxAgeInSeconds>30</MaxAgeInSeconds></CorsRule></Cors>"));
        }
    }

    @ParameterizedTest
    @EachStore
    void refusedBodiesAreXmlErrorsAndChangeNothing(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            assertThat(put(http, CORS_ONLY).status()).isEqualTo(202);
            String before = http.get(PROPERTIES).body();

            RawResponse malformed = put(http, "<StorageServiceProperties><Cors>");
            assertThat(malformed.status()).isEqualTo(400);
            assertThat(xmlErrorCode(malformed)).isEqualTo("InvalidXmlDocument");

            // A valid section alongside a refused one: neither is applied.
            RawResponse badDays = put(http, "<StorageServiceProperties><Cors /><Logging><Version>1.0</Version>"
                    + "<Read>true</Read><Write>true</Write><Delete>true</Delete><RetentionPolicy><Enabled>true</Enabled>"
                    + "<Days>0</Days></RetentionPolicy></Logging></StorageServiceProperties>");
            assertThat(badDays.status()).isEqualTo(400);
            assertThat(xmlErrorCode(badDays)).isEqualTo("InvalidXmlNodeValue");

            RawResponse xxe = put(http, "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/hostname\">]>"
                    + "<StorageServiceProperties><Cors>&x;</Cors></StorageServiceProperties>");
            assertThat(xxe.status()).isEqualTo(400);
            assertThat(xmlErrorCode(xxe)).isEqualTo("InvalidXmlDocument");

            assertThat(http.get(PROPERTIES).body()).isEqualTo(before);
        }
    }

    @ParameterizedTest
    @EachStore
    void aServiceQueryNamingNoOperationIs400InvalidQueryParameterValue(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            for (String query : new String[] {"/?restype=service", "/?restype=service&comp=list", "/",
                    "/?comp=properties"}) {
                RawResponse response = http.get(query);
                assertThat(response.status()).as("%s: %s", query, response).isEqualTo(400);
                assertThat(xmlErrorCode(response)).isEqualTo("InvalidQueryParameterValue");
            }
            RawResponse put = http.send("PUT", "/?restype=service&comp=acl", CORS_ONLY, "Content-Type", "application/xml");
            assertThat(xmlErrorCode(put)).isEqualTo("InvalidQueryParameterValue");
            assertThat(http.get(PROPERTIES).body()).isEqualTo(DEFAULTS);
        }
    }

    @ParameterizedTest
    @EachStore
    void statsAreServedOnTheSecondaryAndThePrimaryEndpoint(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            SignedHttp http = SignedHttp.to(server);
            // base() ends with the account name, so this path is /devstoreaccount1-secondary/.
            for (String path : new String[] {"-secondary/?restype=service&comp=stats", "/?restype=service&comp=stats"}) {
                RawResponse stats = http.get(path, "Accept", "application/xml");
                assertThat(stats.status()).as("%s: %s", path, stats).isEqualTo(200);
                assertThat(stats.header("Content-Type")).isEqualTo("application/xml");
                assertThat(stats.body()).matches("<\\?xml version=\"1.0\" encoding=\"utf-8\"\\?><StorageServiceStats>"
                        + "<GeoReplication><Status>live</Status><LastSyncTime>[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} "
                        + "\\d{2}:\\d{2}:\\d{2} GMT</LastSyncTime></GeoReplication></StorageServiceStats>");
            }
        }
    }
}
