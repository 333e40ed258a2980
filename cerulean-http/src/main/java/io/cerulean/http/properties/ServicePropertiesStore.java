package io.cerulean.http.properties;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.cors.CorsRules;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Every account's properties of one service, kept durably as an account setting in the service's
 * {@link ServicePropertiesStorage} (the canonical XML of {@link ServicePropertiesXml}), and served
 * from a cache so that applying CORS rules to a request costs no parsing. When other servers share
 * the storage they may change the properties at any time, so every call reads the stored version
 * and the cache only saves parsing that version again; when this server is the storage's only user
 * ({@link ServicePropertiesStorage#exclusive()}) the cache is the answer, and costs no read.
 *
 * <p>One instance serves a service: its wiring makes it and hands it to the service properties
 * operations and to the CORS stage, so that they share its cache.
 *
 * <p>Thread-safe. Updates of one service are serialized within a server, and each reads, merges and
 * writes on the version it read, starting again when another server got there first, so concurrent
 * updates of different sections of one account all take effect. The cache holds only what the
 * storage holds: an update puts what it wrote, with its version, after writing it.
 */
public final class ServicePropertiesStore {
    /**
     * Accounts whose properties are cached at most: enough for any configured set of accounts, and a
     * bound on what requests naming made-up accounts can make this cache hold.
     */
    public static final int MAX_CACHED_ACCOUNTS = 1024;
    /** Updates lost to other writers before one gives up with 503 ServerBusy, which clients retry. */
    private static final int MAX_UPDATE_ATTEMPTS = 100;

    private final ServicePropertiesStorage settings;
    private final ConcurrentMap<String, Parsed> cache = new ConcurrentHashMap<>();

    public ServicePropertiesStore(ServicePropertiesStorage settings) {
        this.settings = settings;
    }

    /** The account's properties: what was last set, section by section, or the defaults. */
    public ServiceProperties get(String account) {
        if (!settings.exclusive()) {
            return current(account).properties();
        }
        Parsed cached = cache.get(account);
        if (cached != null) {
            return cached.properties();
        }
        if (cache.size() >= MAX_CACHED_ACCOUNTS) {
            return current(account).properties();
        }
        return cache.computeIfAbsent(account, this::load).properties();
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
     * @throws ServiceException 503 ServerBusy when other writers changed them at every attempt
     */
    public ServiceProperties update(String account, ServicePropertiesUpdate update) {
        synchronized (cache) {
            for (int attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
                Parsed current = current(account);
                ServiceProperties updated = update.applyTo(current.properties());
                OptionalLong version = settings.put(account, current.version(), ServicePropertiesXml.write(updated));
                if (version.isPresent()) {
                    if (cache.size() < MAX_CACHED_ACCOUNTS || cache.containsKey(account)) {
                        cache.put(account, new Parsed(version, updated));
                    }
                    return updated;
                }
            }
        }
        throw new ServiceException(CommonError.SERVER_BUSY,
                "The service properties are being changed by too many concurrent requests; please retry.");
    }

    /** What is stored now, parsed again only when its version is not the one cached. */
    private Parsed current(String account) {
        Optional<ServicePropertiesStorage.Stored> stored = settings.get(account);
        if (stored.isEmpty()) {
            return Parsed.NONE;
        }
        long version = stored.get().version();
        Parsed cached = cache.get(account);
        if (cached != null && cached.version().equals(OptionalLong.of(version))) {
            return cached;
        }
        Parsed parsed = new Parsed(OptionalLong.of(version), parse(account, stored.get().document()));
        if (!settings.exclusive() && (cache.size() < MAX_CACHED_ACCOUNTS || cache.containsKey(account))) {
            cache.put(account, parsed);
        }
        return parsed;
    }

    /** What is stored now, read and parsed, for the cache of a storage this server alone uses. */
    private Parsed load(String account) {
        Optional<ServicePropertiesStorage.Stored> stored = settings.get(account);
        return stored.isEmpty() ? Parsed.NONE
                : new Parsed(OptionalLong.of(stored.get().version()), parse(account, stored.get().document()));
    }

    private static ServiceProperties parse(String account, byte[] document) {
        if (document.length == 0) {
            return ServiceProperties.defaults();
        }
        try {
            return ServicePropertiesXml.readStored(document);
        } catch (ServiceException e) {
            // Only Cerulean writes this setting, after validating it: unreadable means damaged, not a bad request.
            throw new IllegalStateException("the stored service properties of account " + account
                    + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Properties as parsed from the stored version {@code version} (empty: none stored, the defaults). */
    private record Parsed(OptionalLong version, ServiceProperties properties) {
        static final Parsed NONE = new Parsed(OptionalLong.empty(), ServiceProperties.defaults());
    }
}
