package io.cerulean.http.properties;

import io.cerulean.http.cors.CorsRules;
import java.util.Optional;

/**
 * What one Set Service Properties request says: each of the four sections it carries. A
 * section the request omits keeps its value; one it carries replaces the old section whole (an
 * empty {@code <Cors/>} deletes every rule).
 */
public record ServicePropertiesUpdate(Optional<LoggingSettings> logging, Optional<MetricsSettings> hourMetrics,
                                      Optional<MetricsSettings> minuteMetrics, Optional<CorsRules> cors) {

    public ServiceProperties applyTo(ServiceProperties current) {
        return new ServiceProperties(logging.orElse(current.logging()), hourMetrics.orElse(current.hourMetrics()),
                minuteMetrics.orElse(current.minuteMetrics()), cors.orElse(current.cors()));
    }
}
