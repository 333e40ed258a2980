package io.cerulean.rest.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TransactionCountsTest {
    @Test
    void countsPercentagesAndAveragesFollowTheRequests() {
        TransactionCounts counts = new TransactionCounts();
        counts.record(RequestStatus.SUCCESS, RequestStatus.AUTHENTICATED, 100, 10, 4, 3);
        counts.record(RequestStatus.SUCCESS, RequestStatus.SAS, 100, 10, 2, 1);
        counts.record(RequestStatus.CLIENT_OTHER_ERROR, RequestStatus.ANONYMOUS, 50, 5, 0, 0);
        counts.record(RequestStatus.THROTTLING_ERROR, RequestStatus.AUTHENTICATED, 50, 5, 2, 2);
        Map<String, Object> properties = counts.properties();
        assertThat(properties).containsEntry("TotalRequests", 4L).containsEntry("TotalIngress", 300L)
                .containsEntry("TotalEgress", 30L).containsEntry("Success", 1L).containsEntry("SASSuccess", 1L)
                .containsEntry("AnonymousClientOtherError", 1L).containsEntry("ThrottlingError", 1L)
                .containsEntry("PercentSuccess", 50.0).containsEntry("PercentThrottlingError", 25.0)
                .containsEntry("PercentClientOtherError", 25.0).containsEntry("Availability", 75.0);
        assertThat((Double) properties.get("AverageE2ELatency")).isCloseTo(2.0, within(1e-9));
        assertThat((Double) properties.get("AverageServerLatency")).isCloseTo(1.5, within(1e-9));
    }

    @Test
    void countsReadBackFromARowAddUpWithNewOnes() {
        TransactionCounts first = new TransactionCounts();
        first.record(RequestStatus.SUCCESS, RequestStatus.AUTHENTICATED, 10, 1, 4, 4);
        TransactionCounts second = new TransactionCounts();
        second.record(RequestStatus.AUTHORIZATION_ERROR, RequestStatus.AUTHENTICATED, 10, 1, 2, 2);
        TransactionCounts sum = TransactionCounts.fromProperties(first.properties());
        sum.add(second);
        assertThat(sum.properties()).containsEntry("TotalRequests", 2L).containsEntry("Success", 1L)
                .containsEntry("AuthorizationError", 1L).containsEntry("PercentAuthorizationError", 50.0)
                .containsEntry("AverageE2ELatency", 3.0);
    }
}
