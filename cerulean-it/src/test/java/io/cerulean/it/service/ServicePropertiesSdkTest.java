package io.cerulean.it.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableServiceCorsRule;
import com.azure.data.tables.models.TableServiceGeoReplicationStatus;
import com.azure.data.tables.models.TableServiceLogging;
import com.azure.data.tables.models.TableServiceMetrics;
import com.azure.data.tables.models.TableServiceProperties;
import com.azure.data.tables.models.TableServiceRetentionPolicy;
import com.azure.data.tables.models.TableServiceStatistics;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import io.cerulean.it.support.SharedServers;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Contract 3.7 and 3.8 through the official Java SDK: Get / Set Table Service Properties and Get
 * Table Service Stats. Each test runs on a server of its own, since properties are per account and
 * every test here changes them.
 */
class ServicePropertiesSdkTest {

    static TableServiceProperties everySection() {
        return new TableServiceProperties()
                .setLogging(new TableServiceLogging().setAnalyticsVersion("1.0").setReadLogged(true)
                        .setWriteLogged(false).setDeleteLogged(true)
                        .setRetentionPolicy(new TableServiceRetentionPolicy().setEnabled(true).setDaysToRetain(5)))
                .setHourMetrics(new TableServiceMetrics().setVersion("1.0").setEnabled(true).setIncludeApis(false)
                        .setRetentionPolicy(new TableServiceRetentionPolicy().setEnabled(true).setDaysToRetain(365)))
                .setMinuteMetrics(new TableServiceMetrics().setVersion("1.0").setEnabled(true).setIncludeApis(true)
                        .setRetentionPolicy(new TableServiceRetentionPolicy().setEnabled(false)))
                .setCorsRules(List.of(
                        new TableServiceCorsRule().setAllowedOrigins("http://www.contoso.com,http://www.fabrikam.com")
                                .setAllowedMethods("GET,PUT,MERGE").setAllowedHeaders("x-ms-meta-*,content-type")
                                .setExposedHeaders("x-ms-*").setMaxAgeInSeconds(200),
                        new TableServiceCorsRule().setAllowedOrigins("*").setAllowedMethods("GET")
                                .setAllowedHeaders("*").setExposedHeaders("*").setMaxAgeInSeconds(0)));
    }

    @ParameterizedTest
    @EachStore
    void aFreshAccountAnswersTheDefaults(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            TableServiceProperties properties = client(server).getProperties();
            assertThat(properties.getLogging().getAnalyticsVersion()).isEqualTo("1.0");
            assertThat(properties.getLogging().isReadLogged()).isFalse();
            assertThat(properties.getLogging().isWriteLogged()).isFalse();
            assertThat(properties.getLogging().isDeleteLogged()).isFalse();
            assertThat(properties.getLogging().getRetentionPolicy().isEnabled()).isFalse();
            assertThat(properties.getHourMetrics().isEnabled()).isTrue();
            assertThat(properties.getHourMetrics().isIncludeApis()).isTrue();
            assertThat(properties.getHourMetrics().getTableServiceRetentionPolicy().getDaysToRetain()).isEqualTo(7);
            assertThat(properties.getMinuteMetrics().isEnabled()).isFalse();
            assertThat(properties.getMinuteMetrics().isIncludeApis()).isNull();
            assertThat(properties.getMinuteMetrics().getTableServiceRetentionPolicy().getDaysToRetain()).isNull();
            // The SDK reads the service's <Cors /> as no list at all.
            assertThat(properties.getCorsRules()).isNullOrEmpty();
        }
    }

    @ParameterizedTest
    @EachStore
    void everySectionRoundTripsIncludingCorsRules(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            TableServiceClient client = client(server);
            client.setProperties(everySection());
            assertSameProperties(client.getProperties(), everySection());
        }
    }

    @ParameterizedTest
    @EachStore
    void omittedSectionsKeepTheirValueAndAnEmptyRuleListClearsCors(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            TableServiceClient client = client(server);
            client.setProperties(everySection());
            client.setProperties(new TableServiceProperties().setHourMetrics(new TableServiceMetrics().setVersion("1.0")
                    .setEnabled(false).setRetentionPolicy(new TableServiceRetentionPolicy().setEnabled(false))));
            TableServiceProperties partly = client.getProperties();
            assertThat(partly.getHourMetrics().isEnabled()).isFalse();
            assertThat(partly.getLogging().isReadLogged()).isTrue();
            assertThat(partly.getCorsRules()).hasSize(2);

            client.setProperties(new TableServiceProperties().setCorsRules(List.of()));
            TableServiceProperties cleared = client.getProperties();
            assertThat(cleared.getCorsRules()).isNullOrEmpty();
            assertThat(cleared.getLogging().isReadLogged()).isTrue();
        }
    }

    @ParameterizedTest
    @EachStore
    void refusedPropertiesAre400AndChangeNothing(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            TableServiceClient client = client(server);
            client.setProperties(everySection());
            TableServiceProperties tooLong = everySection();
            tooLong.getLogging().getRetentionPolicy().setDaysToRetain(366);
            tooLong.getCorsRules().get(0).setAllowedOrigins("http://changed.example");
            assertStatus(() -> client.setProperties(tooLong), 400, "InvalidXmlNodeValue");

            TableServiceProperties badMethod = everySection();
            badMethod.getCorsRules().get(1).setAllowedMethods("GET,TRACE");
            assertStatus(() -> client.setProperties(badMethod), 400, "InvalidXmlNodeValue");

            TableServiceCorsRule rule = everySection().getCorsRules().get(1);
            TableServiceProperties sixRules = new TableServiceProperties()
                    .setCorsRules(List.of(rule, rule, rule, rule, rule, rule));
            assertStatus(() -> client.setProperties(sixRules), 400, "InvalidXmlDocument");

            assertSameProperties(client.getProperties(), everySection());
        }
    }

    @ParameterizedTest
    @EachStore
    void statisticsSayLiveAndArriveOnThePrimaryEndpoint(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            List<String> urls = new CopyOnWriteArrayList<>();
            HttpPipelinePolicy recordUrls = (HttpPipelineCallContext context, HttpPipelineNextPolicy next) -> {
                urls.add(context.getHttpRequest().getUrl().toString());
                return next.process();
            };
            TableServiceClient client = new TableServiceClientBuilder().connectionString(server.connectionString())
                    .retryOptions(SharedServers.noRetries()).addPolicy(recordUrls).buildClient();
            OffsetDateTime before = OffsetDateTime.now().minusSeconds(2);
            TableServiceStatistics stats = client.getStatistics();
            assertThat(stats.getGeoReplication().getStatus()).isEqualTo(TableServiceGeoReplicationStatus.LIVE);
            assertThat(stats.getGeoReplication().getLastSyncTime())
                    .isBetween(before, OffsetDateTime.now().plusSeconds(2));
            // SDK 12.5.0 sends Get Table Service Stats to the endpoint it was given, not to "-secondary",
            // and without a slash after the account.
            assertThat(urls).singleElement().asString()
                    .isEqualTo(server.cerulean().endpoint("devstoreaccount1") + "?restype=service&comp=stats");
        }
    }

    @ParameterizedTest
    @EachStore
    void anAccountSasWithServiceReadMayGetButNotSetProperties(ServerFixture fixture) {
        try (ServerFixture.RunningServer server = fixture.start()) {
            TableServiceClient keyed = client(server);
            String sas = keyed.generateAccountSas(new TableAccountSasSignatureValues(
                    OffsetDateTime.now().plus(Duration.ofHours(1)), TableAccountSasPermission.parse("r"),
                    TableAccountSasService.parse("t"), TableAccountSasResourceType.parse("s")));
            TableServiceClient reader = new TableServiceClientBuilder()
                    .endpoint(server.cerulean().endpoint("devstoreaccount1")).sasToken(sas)
                    .retryOptions(SharedServers.noRetries()).buildClient();
            assertThat(reader.getProperties().getCorsRules()).isNullOrEmpty();
            assertThat(reader.getStatistics().getGeoReplication().getStatus())
                    .isEqualTo(TableServiceGeoReplicationStatus.LIVE);
            Throwable refused = catchThrowableOfType(HttpResponseException.class,
                    () -> reader.setProperties(everySection()));
            assertThat(((HttpResponseException) refused).getResponse().getStatusCode()).isEqualTo(403);
            assertThat(keyed.getProperties().getCorsRules()).as("unchanged").isNullOrEmpty();
        }
    }

    static TableServiceClient client(ServerFixture.RunningServer server) {
        return SharedServers.serviceClient(server.connectionString());
    }

    static void assertSameProperties(TableServiceProperties actual, TableServiceProperties expected) {
        assertThat(actual.getLogging()).usingRecursiveComparison().isEqualTo(expected.getLogging());
        assertThat(actual.getHourMetrics()).usingRecursiveComparison().isEqualTo(expected.getHourMetrics());
        // Disabled retention keeps no days; disabled metrics no IncludeAPIs: as the service answers.
        assertThat(actual.getMinuteMetrics()).usingRecursiveComparison().isEqualTo(expected.getMinuteMetrics());
        assertThat(actual.getCorsRules()).usingRecursiveFieldByFieldElementComparator()
                .containsExactlyElementsOf(expected.getCorsRules());
    }

    private static void assertStatus(Runnable call, int status, String code) {
        HttpResponseException e = catchThrowableOfType(HttpResponseException.class, call::run);
        assertThat(e).as("expected %d %s", status, code).isNotNull();
        HttpResponse response = e.getResponse();
        assertThat(response.getStatusCode()).as(e.getMessage()).isEqualTo(status);
        assertThat(response.getHeaderValue("x-ms-error-code")).as(e.getMessage()).isEqualTo(code);
    }
}
