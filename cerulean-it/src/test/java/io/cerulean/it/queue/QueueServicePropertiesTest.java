package io.cerulean.it.queue;

import static io.cerulean.it.queue.QueueErrors.assertQueueError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.models.QueueAnalyticsLogging;
import com.azure.storage.queue.models.QueueCorsRule;
import com.azure.storage.queue.models.QueueMetrics;
import com.azure.storage.queue.models.QueueRetentionPolicy;
import com.azure.storage.queue.models.QueueServiceProperties;
import io.cerulean.it.EachStore;
import io.cerulean.it.ServerFixture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Get and Set Queue Service Properties: every section round-trips (CORS rules above all, the only
 * one that changes behaviour), Set answers 202, a section left out keeps its value and an empty
 * {@code Cors} removes the rules. The properties belong to the whole account, so each test has a
 * server of its own.
 */
class QueueServicePropertiesTest {
    private static final ServerFixture ONE_STORE = ServerFixture.chosenOr(ServerFixture.IN_MEMORY);

    private static QueueCorsRule rule(String origins, String methods, int maxAge) {
        return new QueueCorsRule().setAllowedOrigins(origins).setAllowedMethods(methods).setMaxAgeInSeconds(maxAge)
                .setAllowedHeaders("x-ms-meta-abc,x-ms-meta-data*").setExposedHeaders("x-ms-meta-*");
    }

    private static final List<QueueCorsRule> RULES = List.of(
            rule("http://example.com", "GET,PUT", 500),
            rule("*", "DELETE,GET,HEAD,MERGE,POST,OPTIONS,PUT", 0));

    private static QueueAnalyticsLogging logging(boolean read, int retentionDays) {
        return new QueueAnalyticsLogging().setVersion("1.0").setDelete(true).setRead(read).setWrite(true)
                .setRetentionPolicy(new QueueRetentionPolicy().setEnabled(true).setDays(retentionDays));
    }

    @ParameterizedTest
    @EachStore
    void everySectionRoundTripsAndSetAnswers202(ServerFixture store) {
        try (var server = store.start()) {
            QueueServiceClient service = QueueServers.serviceClient(server.connectionString());
            QueueServiceProperties properties = new QueueServiceProperties()
                    .setAnalyticsLogging(logging(false, 7))
                    .setHourMetrics(new QueueMetrics().setVersion("1.0").setEnabled(true).setIncludeApis(false)
                            .setRetentionPolicy(new QueueRetentionPolicy().setEnabled(true).setDays(3)))
                    .setMinuteMetrics(new QueueMetrics().setVersion("1.0").setEnabled(false)
                            .setRetentionPolicy(new QueueRetentionPolicy().setEnabled(false)))
                    .setCors(RULES);

            assertThat(service.setPropertiesWithResponse(properties, null, Context.NONE).getStatusCode()).isEqualTo(202);
            QueueServiceProperties read = service.getProperties();

            assertCors(read.getCors(), RULES);
            assertThat(read.getAnalyticsLogging()).usingRecursiveComparison().isEqualTo(logging(false, 7));
            assertThat(read.getHourMetrics().isEnabled()).isTrue();
            assertThat(read.getHourMetrics().isIncludeApis()).isFalse();
            assertThat(read.getHourMetrics().getRetentionPolicy().getDays()).isEqualTo(3);
            assertThat(read.getMinuteMetrics().isEnabled()).isFalse();
            assertThat(read.getMinuteMetrics().getRetentionPolicy().isEnabled()).isFalse();
        }
    }

    @ParameterizedTest
    @EachStore
    void aSectionLeftOutKeepsItsValueAndAnEmptyCorsRemovesTheRules(ServerFixture store) {
        try (var server = store.start()) {
            QueueServiceClient service = QueueServers.serviceClient(server.connectionString());
            service.setProperties(new QueueServiceProperties().setCors(RULES).setAnalyticsLogging(logging(true, 1)));

            service.setProperties(new QueueServiceProperties().setAnalyticsLogging(logging(false, 30)));
            QueueServiceProperties afterLogging = service.getProperties();
            assertCors(afterLogging.getCors(), RULES);
            assertThat(afterLogging.getAnalyticsLogging()).usingRecursiveComparison().isEqualTo(logging(false, 30));

            service.setProperties(new QueueServiceProperties().setCors(List.of()));
            QueueServiceProperties afterCors = service.getProperties();
            assertThat(afterCors.getCors()).as("rules after an empty Cors").isNullOrEmpty();
            assertThat(afterCors.getAnalyticsLogging()).usingRecursiveComparison().isEqualTo(logging(false, 30));
        }
    }

    @Test
    void aNewAccountHasEverySectionAndNoCorsRules() {
        try (var server = ONE_STORE.start()) {
            QueueServiceProperties read = QueueServers.serviceClient(server.connectionString()).getProperties();

            assertThat(read.getAnalyticsLogging()).isNotNull();
            assertThat(read.getAnalyticsLogging().getVersion()).isEqualTo("1.0");
            assertThat(read.getHourMetrics()).isNotNull();
            assertThat(read.getMinuteMetrics()).isNotNull();
            assertThat(read.getCors()).isNullOrEmpty();
        }
    }

    @Test
    void moreThanFiveCorsRulesAreRefused() {
        try (var server = ONE_STORE.start()) {
            QueueServiceClient service = QueueServers.serviceClient(server.connectionString());
            List<QueueCorsRule> six = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                six.add(rule("http://site" + i + ".example", "GET", 60));
            }
            service.setProperties(new QueueServiceProperties().setCors(six.subList(0, 5)));

            assertQueueError(() -> service.setProperties(new QueueServiceProperties().setCors(six)),
                    400, "InvalidXmlDocument");
            assertThat(service.getProperties().getCors()).as("the five set before").hasSize(5);
        }
    }

    private static void assertCors(List<QueueCorsRule> actual, List<QueueCorsRule> expected) {
        assertThat(actual).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("rule %d", i).usingRecursiveComparison().isEqualTo(expected.get(i));
        }
    }
}
