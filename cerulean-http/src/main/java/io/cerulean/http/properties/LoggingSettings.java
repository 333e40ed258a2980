package io.cerulean.http.properties;

import java.util.Objects;

/**
 * The {@code Logging} section of the service properties: which requests Storage Analytics would log
 * and for how long it keeps the logs. Cerulean stores and returns the settings; it writes no logs.
 */
public record LoggingSettings(String version, boolean read, boolean write, boolean delete,
                              RetentionPolicy retentionPolicy) {
    public LoggingSettings {
        ServiceProperties.requireAnalyticsVersion(version);
        Objects.requireNonNull(retentionPolicy, "retentionPolicy");
    }
}
