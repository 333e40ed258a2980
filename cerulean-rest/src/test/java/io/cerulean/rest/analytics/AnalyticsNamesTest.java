package io.cerulean.rest.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class AnalyticsNamesTest {
    private static final Instant TIME = Instant.parse("2026-11-29T09:07:45.123Z");

    @Test
    void aLogBlobIsNamedForItsServiceAndHourWithSixDigitsOfSequence() {
        assertThat(AnalyticsNames.logBlob(AnalyticsService.TABLE, TIME, 7)).isEqualTo("table/2026/11/29/0900/000007.log");
        assertThat(AnalyticsNames.logBlobHour("table/2026/11/29/0900/000007.log"))
                .contains(Instant.parse("2026-11-29T09:00:00Z"));
        assertThat(AnalyticsNames.logBlobHour("table/2026/11/29/0907/000007.log")).isEmpty();
        assertThat(AnalyticsNames.logBlobHour("mine/2026/11/29/0900/000007.log")).isEmpty();
    }

    @Test
    void periodsAreTheHourOrMinuteThatHoldsTheRequest() {
        assertThat(AnalyticsNames.hourPartition(TIME)).isEqualTo("20261129T0900");
        assertThat(AnalyticsNames.minutePartition(TIME)).isEqualTo("20261129T0907");
        assertThat(AnalyticsNames.dayPartition(TIME)).isEqualTo("20261129T0000");
        assertThat(AnalyticsNames.periodStart("20261129T0907")).contains(Instant.parse("2026-11-29T09:07:00Z"));
        assertThat(AnalyticsNames.periodStart("user;All")).isEmpty();
    }

    @Test
    void tablesAreNamedAsTheServiceNamesThem() {
        assertThat(AnalyticsNames.hourTable(AnalyticsService.BLOB)).isEqualTo("$MetricsHourPrimaryTransactionsBlob");
        assertThat(AnalyticsNames.minuteTable(AnalyticsService.QUEUE))
                .isEqualTo("$MetricsMinutePrimaryTransactionsQueue");
        assertThat(AnalyticsNames.isMetricsTable("$metricshourprimarytransactionsblob")).isTrue();
        assertThat(AnalyticsNames.isMetricsTable("Metrics")).isFalse();
        assertThat(AnalyticsNames.isMetricsTable(AnalyticsNames.CAPACITY_TABLE)).isTrue();
    }
}
