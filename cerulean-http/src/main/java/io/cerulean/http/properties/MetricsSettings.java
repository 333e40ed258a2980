package io.cerulean.http.properties;

import java.util.Objects;

/**
 * The {@code HourMetrics} or {@code MinuteMetrics} section of the service properties. Whether
 * per-API statistics are included means something only while metrics are enabled; the service
 * omits IncludeAPIs otherwise, so {@code includeApis} is false then. Cerulean stores and returns
 * the settings; it aggregates no metrics.
 */
public record MetricsSettings(String version, boolean enabled, boolean includeApis, RetentionPolicy retentionPolicy) {
    public MetricsSettings {
        ServiceProperties.requireAnalyticsVersion(version);
        Objects.requireNonNull(retentionPolicy, "retentionPolicy");
        includeApis = enabled && includeApis;
    }

    public static MetricsSettings disabled() {
        return new MetricsSettings(ServiceProperties.ANALYTICS_VERSION, false, false, RetentionPolicy.disabled());
    }
}
