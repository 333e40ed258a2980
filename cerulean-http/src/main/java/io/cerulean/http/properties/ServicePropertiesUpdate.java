package io.cerulean.http.properties;

import io.cerulean.http.cors.CorsRules;
import java.util.Optional;

/**
 * What one Set Service Properties request says: each of the sections it carries (the Blob
 * service's {@code DeleteRetentionPolicy} among them). A
 * section the request omits keeps its value; one it carries replaces the old section whole (an
 * empty {@code <Cors/>} deletes every rule).
 */
public record ServicePropertiesUpdate(Optional<LoggingSettings> logging, Optional<MetricsSettings> hourMetrics,
                                      Optional<MetricsSettings> minuteMetrics, Optional<CorsRules> cors,
                                      Optional<RetentionPolicy> deleteRetention) {

    public ServicePropertiesUpdate(Optional<LoggingSettings> logging, Optional<MetricsSettings> hourMetrics,
                                   Optional<MetricsSettings> minuteMetrics, Optional<CorsRules> cors) {
        this(logging, hourMetrics, minuteMetrics, cors, Optional.empty());
    }

    public ServiceProperties applyTo(ServiceProperties current) {
        return new ServiceProperties(logging.orElse(current.logging()), hourMetrics.orElse(current.hourMetrics()),
                minuteMetrics.orElse(current.minuteMetrics()), cors.orElse(current.cors()),
                deleteRetention.isPresent() ? deleteRetention : current.deleteRetention());
    }
}
