package io.cerulean.app.analytics;

import io.cerulean.http.properties.ServiceProperties;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.rest.analytics.AnalyticsService;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Each account's service properties as Storage Analytics reads them, once a second at most per
 * account and service: what the service's own Set Service Properties stored, read again at once
 * when this server answers one (so requests after it are logged as it says) and within a second when
 * another server sharing the store does. Used by the analytics thread alone.
 */
final class AnalyticsSettings {
    private static final Duration STALENESS = Duration.ofSeconds(1);

    private record Read(ServiceProperties properties, long atNanos) {
    }

    private final Function<AnalyticsService, ServicePropertiesStore> stores;
    private final Map<String, Read> cache = new HashMap<>();

    /** @param stores each service's properties, read from the store each time (never a cache of their own) */
    AnalyticsSettings(Function<AnalyticsService, ServicePropertiesStore> stores) {
        this.stores = stores;
    }

    ServiceProperties get(AnalyticsService service, String account) {
        String key = service.name() + '/' + account;
        Read read = cache.get(key);
        long now = System.nanoTime();
        if (read == null || now - read.atNanos() >= STALENESS.toNanos()) {
            if (cache.size() >= ServicePropertiesStore.MAX_CACHED_ACCOUNTS) {
                cache.clear();
            }
            read = new Read(stores.apply(service).get(account), now);
            cache.put(key, read);
        }
        return read.properties();
    }

    /** The account's properties of {@code service} changed: read them again next time. */
    void changed(AnalyticsService service, String account) {
        cache.remove(service.name() + '/' + account);
    }
}
