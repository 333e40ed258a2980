package io.cerulean.http.properties;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.cors.CorsRules;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Every account's properties of one service, kept durably as an account setting in the service's
 * {@link ServicePropertiesStorage} (the canonical XML of {@link ServicePropertiesXml}) and read through a
 * cache, so that applying CORS rules to a request costs no store read.
 *
 * <p>One instance serves a service: its wiring makes it and hands it to the service properties
 * operations and to the CORS stage, so that they share its cache.
 *
 * <p>Thread-safe. Updates of one service are serialized: read, merge, write durably, then cache, so
 * the cache never holds what the store does not, and concurrent updates of different sections of
 * one account all take effect. A cache entry is replaced, never dropped, by an update.
 */
public final class ServicePropertiesStore {
    /**
     * Accounts whose properties are cached at most: enough for any configured set of accounts, and a
     * bound on what requests naming made-up accounts can make this cache hold.
     */
    public static final int MAX_CACHED_ACCOUNTS = 1024;

    private final ServicePropertiesStorage settings;
    private final ConcurrentMap<String, ServiceProperties> cache = new ConcurrentHashMap<>();

    public ServicePropertiesStore(ServicePropertiesStorage settings) {
        this.settings = settings;
    }

    /** The account's properties: what was last set, section by section, or the defaults. */
    public ServiceProperties get(String account) {
        ServiceProperties cached = cache.get(account);
        if (cached != null) {
            return cached;
        }
        if (cache.size() >= MAX_CACHED_ACCOUNTS) {
            return load(account);
        }
        return cache.computeIfAbsent(account, this::load);
    }

    /** The account's CORS rules, as the request pipeline needs them for every request. */
    public CorsRules corsRules(String account) {
        return get(account).cors();
    }

    /**
     * Set Service Properties: applies the sections {@code update} carries to the account's
     * properties and stores the result durably before it is served.
     *
     * @return the account's properties now
     */
    public ServiceProperties update(String account, ServicePropertiesUpdate update) {
        synchronized (cache) {
            ServiceProperties updated = update.applyTo(get(account));
            settings.put(account, ServicePropertiesXml.write(updated));
            if (cache.size() < MAX_CACHED_ACCOUNTS || cache.containsKey(account)) {
                cache.put(account, updated);
            }
            return updated;
        }
    }

    private ServiceProperties load(String account) {
        Optional<byte[]> stored = settings.get(account);
        if (stored.isEmpty() || stored.get().length == 0) {
            return ServiceProperties.defaults();
        }
        try {
            return ServicePropertiesXml.readStored(stored.get());
        } catch (ServiceException e) {
            // Only Cerulean writes this setting, after validating it: unreadable means damaged, not a bad request.
            throw new IllegalStateException("the stored service properties of account " + account
                    + " cannot be read: " + e.getMessage(), e);
        }
    }
}
