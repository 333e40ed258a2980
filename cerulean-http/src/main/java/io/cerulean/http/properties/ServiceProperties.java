package io.cerulean.http.properties;

import io.cerulean.http.cors.CorsRules;
import io.cerulean.http.xml.InvalidXml;
import java.util.Objects;
import java.util.Optional;

/**
 * An account's properties of one service (Get / Set Service Properties): Storage Analytics
 * logging, hour and minute metrics, the CORS rules, and the Blob service's soft delete policy
 * ({@code DeleteRetentionPolicy}; empty for the services that have none, or until it is set).
 * Immutable; a Set produces a new value ({@link ServicePropertiesUpdate#applyTo}).
 */
public record ServiceProperties(LoggingSettings logging, MetricsSettings hourMetrics, MetricsSettings minuteMetrics,
                                CorsRules cors, Optional<RetentionPolicy> deleteRetention) {
    /** The only Storage Analytics version the service accepts (another is 400 InvalidXmlNodeValue). */
    public static final String ANALYTICS_VERSION = "1.0";

    /**
     * What a fresh account answers before anything was set: no logging, hour metrics with per-API
     * statistics kept 7 days, no minute metrics, no CORS rules.
     */
    private static final ServiceProperties DEFAULTS = new ServiceProperties(
            new LoggingSettings(ANALYTICS_VERSION, false, false, false, RetentionPolicy.disabled()),
            new MetricsSettings(ANALYTICS_VERSION, true, true, RetentionPolicy.forDays(7)),
            MetricsSettings.disabled(),
            CorsRules.none());

    public ServiceProperties {
        Objects.requireNonNull(logging, "logging");
        Objects.requireNonNull(hourMetrics, "hourMetrics");
        Objects.requireNonNull(minuteMetrics, "minuteMetrics");
        Objects.requireNonNull(cors, "cors");
        Objects.requireNonNull(deleteRetention, "deleteRetention");
    }

    public ServiceProperties(LoggingSettings logging, MetricsSettings hourMetrics, MetricsSettings minuteMetrics,
                             CorsRules cors) {
        this(logging, hourMetrics, minuteMetrics, cors, Optional.empty());
    }

    public static ServiceProperties defaults() {
        return DEFAULTS;
    }

    static void requireAnalyticsVersion(String version) {
        if (!ANALYTICS_VERSION.equals(version)) {
            throw InvalidXml.nodeValue("The Storage Analytics Version must be " + ANALYTICS_VERSION + "; it is '"
                    + version + "'.");
        }
    }
}
